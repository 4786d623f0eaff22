import { LoaderCircle } from 'lucide-react';

/** Shown while a page's code downloads. */
export function PageLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status">
      <LoaderCircle className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
      <span className="sr-only">Carregando...</span>
    </div>
  );
}
