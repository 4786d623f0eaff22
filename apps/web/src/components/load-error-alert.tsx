import { RefreshCw } from 'lucide-react';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

interface LoadErrorAlertProps {
  /** What could not be loaded, e.g. 'Não foi possível carregar os planos.'. */
  title: string;
  error: Error;
  /** Usually the query's refetch. */
  onRetry: () => void;
}

/** A query that failed: what, why, and a 'Tentar de novo' button. */
export function LoadErrorAlert({ title, error, onRetry }: LoadErrorAlertProps) {
  return (
    <Alert variant="destructive">
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{error.message}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
          <RefreshCw aria-hidden="true" />
          Tentar de novo
        </Button>
      </AlertDescription>
    </Alert>
  );
}
