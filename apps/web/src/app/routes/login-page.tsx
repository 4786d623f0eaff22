import type { GuestNavigate } from '@/features/auth/components/guest-link';
import { GuestPageCard } from '@/features/auth/components/guest-page-card';
import { LoginForm } from '@/features/auth/components/login-form';

export function LoginPage({ go }: { go: GuestNavigate }) {
  return (
    <GuestPageCard
      title="Painel Consulta"
      description="Entre com suas credenciais para continuar"
      prompt="Não tem uma conta?"
      link={{ to: '/register', label: 'Cadastre-se' }}
      go={go}
    >
      <LoginForm onSuccess={() => go('/', { replace: true })} />
    </GuestPageCard>
  );
}
