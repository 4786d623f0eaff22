import { Skeleton } from '@/components/ui/skeleton';

/** Grey lines where an admin list's rows will be, named for screen readers ('Carregando planos'). */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="grid gap-3 p-4" role="status" aria-label={label}>
      {Array.from({ length: 4 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className="grid gap-2">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-3 w-2/3" />
        </div>
      ))}
    </div>
  );
}
