import { Link, useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { RegisterForm } from '@/features/auth/components/register-form';

export function Component() {
  const navigate = useNavigate();

  return (
    <AuthLayout>
      <Card className="gap-6">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">Crie sua conta</h1>
          <CardDescription>Preencha seus dados para começar</CardDescription>
        </CardHeader>
        <CardContent>
          <RegisterForm
            onSignedIn={() => void navigate('/', { replace: true })}
            onRegistered={() => void navigate('/login', { replace: true })}
          />
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          <p>
            Já tem uma conta?{' '}
            <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
              Entrar
            </Link>
          </p>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
