import type { GuestNavigate } from '@/features/auth/components/guest-link';
import { GuestPageCard } from '@/features/auth/components/guest-page-card';
import { RegisterForm } from '@/features/auth/components/register-form';

export function RegisterPage({ go }: { go: GuestNavigate }) {
  return (
    <GuestPageCard
      title="Crie sua conta"
      description="Preencha seus dados para começar"
      prompt="Já tem uma conta?"
      link={{ to: '/login', label: 'Entrar' }}
      go={go}
    >
      <RegisterForm
        onSignedIn={() => go('/', { replace: true })}
        onRegistered={() => go('/login', { replace: true })}
      />
    </GuestPageCard>
  );
}
