import { MonitorSmartphone } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { AuthLayout } from '@/components/layouts/auth-layout';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter, CardHeader } from '@/components/ui/card';
import { clearSession } from '@/lib/session';

/** Where a session ended by a login on another device lands (SESSION_EVICTED, docs/product/sessions.md#session-ended-page). */
export function Component() {
  const navigate = useNavigate();
  // Whoever arrives here is signed out, even by typing the address; the eviction has been told.
  useEffect(() => clearSession(), []);

  return (
    <AuthLayout>
      <Card className="gap-5">
        <CardHeader className="justify-items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
            <MonitorSmartphone className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">Sessão encerrada</h1>
        </CardHeader>
        <CardContent className="grid gap-3 text-center text-sm text-muted-foreground">
          <p>Detectamos um login na sua conta em outro dispositivo.</p>
          <p>O compartilhamento de logins não é permitido, por isso esta sessão foi encerrada.</p>
        </CardContent>
        <CardFooter>
          <Button size="lg" className="w-full" onClick={() => void navigate('/login', { replace: true })}>
            Voltar para o login
          </Button>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
