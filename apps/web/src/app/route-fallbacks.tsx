import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';

import { PageTitle } from '@/app/page-title';
import { Button } from '@/components/ui/button';

/** Anything a page throws, including a page chunk gone after a new deploy. */
export function RouteError() {
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <PageTitle title="Algo deu errado" />
      <div role="alert" className="grid max-w-sm justify-items-center gap-3 text-center">
        <TriangleAlert className="size-8 text-destructive" aria-hidden="true" />
        <h1 className="text-lg font-semibold">Algo deu errado</h1>
        <p className="text-sm text-muted-foreground">
          Não foi possível abrir esta página. Recarregue para tentar de novo.
        </p>
        <Button onClick={() => window.location.reload()}>Recarregar a página</Button>
      </div>
    </main>
  );
}
