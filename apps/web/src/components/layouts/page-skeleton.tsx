import { Skeleton } from '@/components/ui/skeleton';

/** Grey blocks where a page's title, cards and list will be, while its code arrives. */
export function PageSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-live="polite">
      <span className="sr-only">Carregando...</span>
      <div className="flex items-center justify-between gap-3">
        <Skeleton className="h-8 w-48 max-w-[60%]" />
        <Skeleton className="h-10 w-28" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
      <div className="grid gap-3">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    </div>
  );
}
