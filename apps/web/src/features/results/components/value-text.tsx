import { formatFieldValue, isStatusKey, statusTone } from '@painel/shared/rules/result-display';
import type { ReactNode } from 'react';

import { type Tone, ToneBadge } from '@/components/ui/tone-badge';

type Primitive = string | number | boolean | null | undefined;

export function isPrimitive(value: unknown): value is Primitive {
  return value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);
}

/** A status value as a coloured badge (docs/product/lookups.md#result-view: green, red, yellow, grey). */
export function StatusBadge({ value }: { value: Primitive }) {
  if (value === null || value === undefined || value === '') return <>-</>;
  const text = typeof value === 'boolean' ? (value ? 'Sim' : 'Não') : String(value);
  return <ToneBadge tone={statusTone(value) as Tone}>{text}</ToneBadge>;
}

/** A primitive under `key`, formatted for pt-BR; status-like keys become badges. */
export function ValueText({ fieldKey, value }: { fieldKey: string; value: Primitive }): ReactNode {
  if (isStatusKey(fieldKey) && typeof value === 'string' && value !== '')
    return <StatusBadge value={value} />;
  return formatFieldValue(fieldKey, value);
}
