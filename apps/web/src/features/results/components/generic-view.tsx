import { joinPhoneEntries, joinPhoneFields } from '@painel/shared/rules/phone-entries';
import { capChips, fieldLabel } from '@painel/shared/rules/result-display';
import { isObject, type JsonObject } from '@painel/shared/rules/result-fields';
import type { ReactNode } from 'react';

import { columnsOf, DataTable } from '@/features/results/components/data-table';
import { isPrimitive, ValueText } from '@/features/results/components/value-text';
import { cn } from '@/lib/utils';

/** A titled box around a part of the result. */
export function ResultBox({
  title,
  children,
  className,
  actions,
}: {
  title: ReactNode;
  children: ReactNode;
  className?: string;
  actions?: ReactNode;
}) {
  return (
    <section
      className={cn('result-section grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-sm', className)}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{title}</h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** Label/value pairs laid out in a responsive grid. */
export function FieldGrid({ entries }: { entries: [label: string, value: ReactNode][] }) {
  if (entries.length === 0) return null;
  return (
    <dl className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-x-4 gap-y-3 sm:grid-cols-[repeat(auto-fill,minmax(14rem,1fr))] sm:gap-x-6">
      {entries.map(([label, value]) => (
        <div key={label} className="grid min-w-0 gap-0.5">
          <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
          <dd className="text-sm break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Primitive arrays as chips, at most 50 with a '+n' for the rest (docs/product/lookups.md#result-view). */
export function Chips({ items, label }: { items: unknown[]; label: string }) {
  const { shown, overflowLabel } = capChips(items);
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={label}>
      {shown.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: chips may repeat
        <li key={index} className="rounded-full border bg-muted px-2.5 py-0.5 text-xs">
          {isPrimitive(item) ? <ValueText fieldKey={label} value={item} /> : JSON.stringify(item)}
        </li>
      ))}
      {overflowLabel && (
        <li className="rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
          {overflowLabel}
        </li>
      )}
    </ul>
  );
}

/** The fields a view shows, a DDD and its number joined into one phone. */
const visibleEntries = (data: JsonObject, exclude: Set<string>) =>
  joinPhoneEntries(Object.entries(data).filter(([key]) => !key.startsWith('_') && !exclude.has(key)));

/** 'Dados Básicos': the primitive fields of an object. */
export function primitiveEntries(data: JsonObject, exclude: Set<string> = new Set()): [string, ReactNode][] {
  return visibleEntries(data, exclude)
    .filter(([, value]) => isPrimitive(value))
    .map(([key, value]) => [fieldLabel(key), <ValueText key={key} fieldKey={key} value={value as never} />]);
}

interface GenericObjectProps {
  data: JsonObject;
  exclude?: Set<string>;
  /** Title of the primitive summary; null: no summary box (the caller shows the primitives). */
  summaryTitle?: string | null;
  depth?: number;
}

/**
 * Everything the view has no dedicated section for (docs/product/lookups.md#result-view): the primitive fields as
 * 'Dados Básicos', tables for arrays of objects, chips for primitive arrays, boxes for objects.
 */
export function GenericObject({
  data,
  exclude = new Set(),
  summaryTitle = 'Dados Básicos',
  depth = 0,
}: GenericObjectProps) {
  const primitives = primitiveEntries(data, exclude);
  const nested = visibleEntries(data, exclude).filter(([, value]) => !isPrimitive(value));
  return (
    <div className="grid min-w-0 gap-4">
      {primitives.length > 0 &&
        (summaryTitle === null ? (
          <FieldGrid entries={primitives} />
        ) : (
          <ResultBox title={summaryTitle}>
            <FieldGrid entries={primitives} />
          </ResultBox>
        ))}
      {nested.map(([key, value]) => (
        <NestedValue key={key} name={key} value={value} depth={depth} />
      ))}
    </div>
  );
}

function NestedValue({ name, value, depth }: { name: string; value: unknown; depth: number }) {
  const title = fieldLabel(name);
  if (Array.isArray(value)) {
    if (value.every((item) => isPrimitive(item))) {
      return (
        <ResultBox
          title={title}
          actions={<span className="text-xs text-muted-foreground">{value.length} item(s)</span>}
        >
          {value.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhum registro.</p>
          ) : (
            <Chips items={value} label={name} />
          )}
        </ResultBox>
      );
    }
    const rows = value.filter(isObject).map(joinPhoneFields);
    const table = (
      <DataTable
        title={title}
        rows={rows}
        columns={columnsOf(rows, fieldLabel)}
        headingLevel={depth === 0 ? 3 : 4}
      />
    );
    // Top-level tables get the same card as the other sections; nested ones sit in their parent's box.
    return depth === 0 ? (
      <div className="result-section rounded-xl border bg-card p-4 shadow-sm">{table}</div>
    ) : (
      table
    );
  }
  if (isObject(value)) {
    if (depth >= 4) {
      return (
        <ResultBox title={title}>
          <pre className="overflow-x-auto text-xs">{JSON.stringify(value, null, 2)}</pre>
        </ResultBox>
      );
    }
    return (
      <ResultBox title={title}>
        <GenericObject data={value} summaryTitle={null} depth={depth + 1} />
      </ResultBox>
    );
  }
  return null;
}
