import { isPersonResult } from '@painel/shared/rules/result-extract';
import { isObject, type JsonObject, presentKey, readField } from '@painel/shared/rules/result-fields';
import { Info } from 'lucide-react';
import { memo, type ReactNode } from 'react';

import { GenericObject } from '@/features/results/components/generic-view';
import { PersonReport } from '@/features/results/components/person-report';
import { isPrimitive } from '@/features/results/components/value-text';

function ResultRecord({ data }: { data: unknown }) {
  if (isPersonResult(data) && isObject(data)) return <PersonReport person={data} />;
  if (isObject(data)) return <GenericObject data={data} />;
  return <p className="text-sm">{isPrimitive(data) ? String(data ?? '-') : JSON.stringify(data)}</p>;
}

function RecordList({ records }: { records: unknown[] }) {
  if (records.length === 0)
    return <p className="text-sm text-muted-foreground">Nenhum registro encontrado.</p>;
  return (
    <ol className="grid gap-8">
      {records.map((record, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: records come in the provider's order
        <li key={index} className="grid gap-3">
          <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
            Registro {index + 1} de {records.length}
          </h3>
          <ResultRecord data={record} />
        </li>
      ))}
    </ol>
  );
}

/**
 * The result of a lookup (docs/product/lookups.md#result-view): a person report when the answer is a person,
 * one block per record for lists (name searches), and the generic view for everything else.
 * Memoised: the 5 s polls re-render the query screen, and a big report must not re-render with them.
 */
export const ResultView = memo(function ResultView({ retorno }: { retorno: unknown }) {
  const aviso = readField(retorno, '_aviso');
  let body: ReactNode;
  if (Array.isArray(retorno)) body = <RecordList records={retorno} />;
  else if (isObject(retorno)) {
    const listKey = presentKey(retorno, 'resultados');
    const list = listKey ? retorno[listKey] : undefined;
    if (listKey && Array.isArray(list)) {
      const rest: JsonObject = Object.fromEntries(Object.entries(retorno).filter(([key]) => key !== listKey));
      body = (
        <div className="grid gap-6">
          <GenericObject data={rest} summaryTitle="Resumo" />
          <RecordList records={list} />
        </div>
      );
    } else body = <ResultRecord data={retorno} />;
  } else body = <ResultRecord data={retorno} />;

  return (
    <div className="grid min-w-0 gap-4" data-testid="result-view">
      {typeof aviso === 'string' && aviso && (
        <p className="flex items-center gap-2 text-xs text-muted-foreground">
          <Info className="size-3.5" aria-hidden="true" />
          {aviso}
        </p>
      )}
      {body}
    </div>
  );
});
