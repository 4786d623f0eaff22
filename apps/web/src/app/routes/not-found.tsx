import { ArrowLeft, MapPinOff } from 'lucide-react';
import { Link, useLocation } from 'react-router';

import { SignedInArea } from '@/app/guards';
import { SignedInShell } from '@/app/routes/app-shell';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { useSession } from '@/lib/session';

/**
 * Any address the panel does not have (docs/product/README.md#screens-and-routes): inside the
 * signed-in frame with a way back to the dashboard, or on its own with a way to the login.
 */
export function Component() {
  const session = useSession();
  if (!session) {
    return (
      <AuthLayout>
        <NotFoundCard back={{ to: '/login', label: 'Ir para o login' }} />
      </AuthLayout>
    );
  }
  return (
    <SignedInArea>
      <SignedInShell user={session.user}>
        <div className="mx-auto w-full max-w-md sm:pt-8">
          <NotFoundCard back={{ to: '/', label: 'Voltar para o início' }} />
        </div>
      </SignedInShell>
    </SignedInArea>
  );
}

function NotFoundCard({ back }: { back: { to: string; label: string } }) {
  const { pathname } = useLocation();
  return (
    <Card className="gap-5">
      <CardHeader className="justify-items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <MapPinOff className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-2xl font-semibold tracking-tight">Página não encontrada</h1>
      </CardHeader>
      <CardContent className="grid gap-2 text-center text-sm text-muted-foreground">
        <p>
          O endereço <span className="font-medium break-all text-foreground">{pathname}</span> não existe no
          painel.
        </p>
        <p>Confira o link ou siga pelo botão abaixo.</p>
      </CardContent>
      <CardFooter>
        <Button asChild size="lg" className="w-full">
          <Link to={back.to}>
            <ArrowLeft aria-hidden="true" />
            {back.label}
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
