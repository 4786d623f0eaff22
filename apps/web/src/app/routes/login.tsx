import { Link, useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { LoginForm } from '@/features/auth/components/login-form';

export function Component() {
  const navigate = useNavigate();

  return (
    <AuthLayout>
      <Card className="gap-6">
        <CardHeader className="text-center">
          <h1 className="text-2xl font-semibold tracking-tight">Painel Consulta</h1>
          <CardDescription>Entre com suas credenciais para continuar</CardDescription>
        </CardHeader>
        <CardContent>
          <LoginForm onSuccess={() => void navigate('/', { replace: true })} />
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          <p>
            Não tem uma conta?{' '}
            <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
              Cadastre-se
            </Link>
          </p>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
