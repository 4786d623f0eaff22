import { itemCountLabel } from '@painel/shared/rules/result-display';
import { isObject, type JsonObject, readField } from '@painel/shared/rules/result-fields';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, type RefObject, useMemo, useRef } from 'react';

import { ScrollCueFrame } from '@/components/scroll-cue-frame';
import { Badge } from '@/components/ui/badge';
import { usePrintMode } from '@/features/results/components/print-mode';
import { isPrimitive, ValueText } from '@/features/results/components/value-text';
import { cn } from '@/lib/utils';

export interface Column {
  /** The field read from each row, in any of its spellings. */
  field: string;
  header: string;
  render?: (row: JsonObject) => ReactNode;
}

/** The ring a focused scroll box shows, so keyboard users see where the arrow keys act. */
const SCROLL_FOCUS = 'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50';

/** Tables longer than this scroll inside a fixed height and render only the rows in view. */
export const VIRTUALIZE_AFTER = 40;
const ROW_HEIGHT = 37;

function compactText(value: unknown): string {
  if (isPrimitive(value)) return value === null || value === undefined ? '' : String(value);
  if (Array.isArray(value)) return value.map(compactText).join(', ');
  if (isObject(value)) {
    return Object.values(value)
      .filter((child) => child !== null && child !== '')
      .map(compactText)
      .join(' - ');
  }
  return '';
}

export function Cell({ row, column }: { row: JsonObject; column: Column }) {
  if (column.render) return <>{column.render(row)}</>;
  const value = readField(row, column.field);
  if (isPrimitive(value)) return <ValueText fieldKey={column.field} value={value} />;
  return <>{compactText(value) || '-'}</>;
}

/** Every key of the first rows, in order: the columns of a table the view knows nothing about. */
export function columnsOf(rows: JsonObject[], humanize: (key: string) => string): Column[] {
  const keys: string[] = [];
  for (const row of rows.slice(0, 50)) {
    for (const key of Object.keys(row)) if (!keys.includes(key)) keys.push(key);
  }
  return keys.map((key) => ({ field: key, header: humanize(key) }));
}

interface DataTableProps {
  title: string;
  rows: JsonObject[];
  columns: Column[];
  /** Shown under the title, e.g. 'Mostrando 20 de 30'. */
  note?: ReactNode;
  /** Headings are h3 by default; nested boxes use h4. */
  headingLevel?: 3 | 4;
}

/** A titled table with its 'n item(s)' badge; long ones are virtualised so thousands of rows stay smooth. */
export function DataTable({ title, rows, columns, note, headingLevel = 3 }: DataTableProps) {
  const printing = usePrintMode();
  const virtual = rows.length > VIRTUALIZE_AFTER && !printing;
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <section className="result-section grid min-w-0 gap-2" aria-label={title}>
      <div className="flex flex-wrap items-center gap-2">
        <Heading className="font-semibold">{title}</Heading>
        <Badge variant="secondary">{itemCountLabel(rows.length)}</Badge>
        {note && <span className="text-xs text-muted-foreground">{note}</span>}
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nenhum registro.</p>
      ) : virtual ? (
        <VirtualRows rows={rows} columns={columns} title={title} />
      ) : (
        <PlainRows rows={rows} columns={columns} title={title} />
      )}
    </section>
  );
}

function PlainRows({ rows, columns, title }: { rows: JsonObject[]; columns: Column[]; title: string }) {
  const scrollRef = useRef<HTMLElement>(null);
  return (
    <ScrollBox scrollRef={scrollRef} title={title} className="overflow-x-auto print:overflow-visible">
      <table className="w-full text-sm">
        <TableHead columns={columns} />
        <tbody>
          {rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
            <Row key={index} row={row} columns={columns} />
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

interface ScrollBoxProps {
  scrollRef: RefObject<HTMLElement | null>;
  title: string;
  className: string;
  children: ReactNode;
}

/** The box a table scrolls in: reached by keyboard, named after the table, its hidden sides shaded. */
function ScrollBox({ scrollRef, title, className, children }: ScrollBoxProps) {
  return (
    <ScrollCueFrame scrollRef={scrollRef} className="rounded-lg">
      <section
        ref={scrollRef}
        className={cn('rounded-lg border', SCROLL_FOCUS, className)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls sideways, by keyboard too
        tabIndex={0}
        aria-label={`${title}: tabela com rolagem`}
      >
        {children}
      </section>
    </ScrollCueFrame>
  );
}

function TableHead({ columns, sticky = false }: { columns: Column[]; sticky?: boolean }) {
  return (
    <thead className={sticky ? 'sticky top-0 z-10' : undefined}>
      <tr className="border-b bg-muted text-left">
        {columns.map((column) => (
          <th
            key={column.field}
            scope="col"
            className="px-3 py-2 font-medium whitespace-nowrap text-muted-foreground"
          >
            {column.header}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function Row({ row, columns }: { row: JsonObject; columns: Column[] }) {
  return (
    <tr className="border-b last:border-0 even:bg-muted/40">
      {columns.map((column) => (
        <td key={column.field} className="h-9 px-3 py-1.5 align-middle whitespace-nowrap">
          <Cell row={row} column={column} />
        </td>
      ))}
    </tr>
  );
}

function VirtualRows({ rows, columns, title }: { rows: JsonObject[]; columns: Column[]; title: string }) {
  const scrollRef = useRef<HTMLElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: { width: 800, height: 448 },
  });
  const items = virtualizer.getVirtualItems();
  const padding = useMemo(() => {
    if (items.length === 0) return { top: 0, bottom: 0 };
    return {
      top: items[0]!.start,
      bottom: virtualizer.getTotalSize() - items[items.length - 1]!.end,
    };
  }, [items, virtualizer]);

  return (
    <ScrollBox scrollRef={scrollRef} title={title} className="max-h-[28rem] overflow-auto">
      <table className="w-full text-sm" aria-rowcount={rows.length + 1}>
        <TableHead columns={columns} sticky />
        <tbody>
          {padding.top > 0 && (
            <tr>
              <td style={{ height: padding.top }} colSpan={columns.length} />
            </tr>
          )}
          {items.map((item) => (
            <Row key={item.key} row={rows[item.index]!} columns={columns} />
          ))}
          {padding.bottom > 0 && (
            <tr>
              <td style={{ height: padding.bottom }} colSpan={columns.length} />
            </tr>
          )}
        </tbody>
      </table>
    </ScrollBox>
  );
}
