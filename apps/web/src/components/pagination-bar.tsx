import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

interface PaginationBarProps {
  page: number;
  totalPages: number;
  total: number;
  limit: number;
  /** The page sizes docs/product/limits.md gives the screen (e.g. 5/10/20/50 or 10/20/50/100). */
  sizes: readonly number[];
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  busy?: boolean;
  /** Names the navigation when a screen has more than one list. */
  label?: string;
  /**
   * 'users': the users screen's taller page-size picker, and page buttons that shrink to fit a
   * narrow phone. Every other screen keeps 'default'.
   */
  variant?: 'default' | 'users';
}

const variantClasses = {
  default: { select: 'h-8 w-20', buttons: 'grid grid-cols-4 gap-1 max-sm:w-full sm:flex' },
  users: {
    select: 'h-9 w-20 py-1',
    buttons: 'grid grid-cols-4 gap-1 max-sm:w-full sm:flex [&>button]:max-sm:px-1 [&>button]:max-sm:text-xs',
  },
} as const;

/** « Primeiro, ‹ Anterior, Próxima ›, Última »; 'Página X de Y • Total: N'; a page-size picker. */
export function PaginationBar({
  page,
  totalPages,
  total,
  limit,
  sizes,
  onPage,
  onLimit,
  busy = false,
  label = 'Paginação',
  variant = 'default',
}: PaginationBarProps) {
  const limitId = useId();
  const classes = variantClasses[variant];
  const first = page <= 1;
  const last = page >= totalPages;
  return (
    <nav
      aria-label={label}
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
            className={classes.select}
            value={limit}
            onChange={(event) => onLimit(Number(event.target.value))}
          >
            {sizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className={classes.buttons}>
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
