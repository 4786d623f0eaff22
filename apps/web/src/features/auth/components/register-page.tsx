import { AuthLayout } from '@/components/layouts/auth-layout';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { GuestLink, type GuestNavigate } from '@/features/auth/components/guest-link';
import { RegisterForm } from '@/features/auth/components/register-form';

export function RegisterPage({ go }: { go: GuestNavigate }) {
  return (
    <AuthLayout>
      <Card className="gap-6">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">Crie sua conta</h1>
          <CardDescription>Preencha seus dados para começar</CardDescription>
        </CardHeader>
        <CardContent>
          <RegisterForm
            onSignedIn={() => go('/', { replace: true })}
            onRegistered={() => go('/login', { replace: true })}
          />
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          <p>
            Já tem uma conta?{' '}
            <GuestLink
              to="/login"
              go={go}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Entrar
            </GuestLink>
          </p>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
