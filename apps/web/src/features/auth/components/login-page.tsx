import { AuthLayout } from '@/components/layouts/auth-layout';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { GuestLink, type GuestNavigate } from '@/features/auth/components/guest-link';
import { LoginForm } from '@/features/auth/components/login-form';

export function LoginPage({ go }: { go: GuestNavigate }) {
  return (
    <AuthLayout>
      <Card className="gap-6">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">Painel Consulta</h1>
          <CardDescription>Entre com suas credenciais para continuar</CardDescription>
        </CardHeader>
        <CardContent>
          <LoginForm onSuccess={() => go('/', { replace: true })} />
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          <p>
            Não tem uma conta?{' '}
            <GuestLink
              to="/register"
              go={go}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Cadastre-se
            </GuestLink>
          </p>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
