import { PageSkeleton } from '@/components/layouts/page-skeleton';
import { Skeleton } from '@/components/ui/skeleton';
import { getSession } from '@/lib/session';

/**
 * Shown while the panel's or a page's code downloads on a first load: the signed-in frame (header
 * bar and page blocks) with a session, the signed-out card without one, so the page takes the
 * place of its outline instead of a blank screen with a spinner.
 */
export function PageLoading() {
  if (getSession()) {
    return (
      <div className="flex min-h-dvh flex-col">
        <div className="h-15 border-b bg-card/90">
          <div className="mx-auto flex h-full max-w-6xl items-center gap-3 px-4 sm:px-6">
            <Skeleton className="size-8 rounded-lg" />
            <Skeleton className="ml-auto h-5 w-32" />
            <Skeleton className="size-11 lg:hidden" />
          </div>
        </div>
        <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
          <PageSkeleton />
        </div>
      </div>
    );
  }
  return (
    <div className="flex min-h-dvh items-center justify-center px-4 py-10" role="status" aria-live="polite">
      <span className="sr-only">Carregando...</span>
      <div className="grid w-full max-w-md justify-items-center gap-6">
        <Skeleton className="size-10 rounded-xl" />
        <div className="grid w-full gap-4 rounded-xl border bg-card p-6">
          <Skeleton className="mx-auto h-7 w-48" />
          <Skeleton className="mx-auto h-4 w-64 max-w-full" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      </div>
    </div>
  );
}
