import { USER_PAGE_SIZES } from '@painel/shared/schemas/users-admin';
import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

interface UsersPaginationProps {
  page: number;
  totalPages: number;
  total: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  busy?: boolean;
}

/** « Primeiro, ‹ Anterior, Próxima ›, Última »; 'Página X de Y • Total: N'; 10/20/50/100 per page. */
export function UsersPagination({
  page,
  totalPages,
  total,
  limit,
  onPage,
  onLimit,
  busy = false,
}: UsersPaginationProps) {
  const limitId = useId();
  const first = page <= 1;
  const last = page >= totalPages;
  return (
    <nav
      aria-label="Paginação"
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between"
    >
      <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
        Página {page} de {totalPages} • Total: {total}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <div className="flex items-center gap-2">
          <Label htmlFor={limitId} className="text-sm font-normal whitespace-nowrap text-muted-foreground">
            Por página
          </Label>
          <NativeSelect
            id={limitId}
            className="h-9 w-20 py-1"
            value={limit}
            onChange={(event) => onLimit(Number(event.target.value))}
          >
            {USER_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid grid-cols-4 gap-1 max-sm:w-full sm:flex [&>button]:max-sm:px-1 [&>button]:max-sm:text-xs">
          <Button variant="outline" size="sm" onClick={() => onPage(1)} disabled={first || busy}>
            « Primeiro
          </Button>
          <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={first || busy}>
            ‹ Anterior
          </Button>
          <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={last || busy}>
            Próxima ›
          </Button>
          <Button variant="outline" size="sm" onClick={() => onPage(totalPages)} disabled={last || busy}>
            Última »
          </Button>
        </div>
      </div>
    </nav>
  );
}
