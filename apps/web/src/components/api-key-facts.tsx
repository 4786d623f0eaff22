import type { ApiKey } from '@painel/shared/schemas/api-keys';

import { formatCredits, formatDate, formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

/** 'pk_abc123xyz…': the part of a key the panel knows, marked as the start of something longer. */
export function keyPrefixText(prefixo: string): string {
  return `${prefixo}…`;
}

/** 'Pela API, chave pk_abc123xyz…': under a lookup run with a key, in the history and the admin's live list. */
export function LookupKeyNote({ prefixo, className }: { prefixo: string; className?: string }) {
  return (
    <span className={cn('text-xs text-muted-foreground', className)}>
      Pela API, chave <span className="font-mono">{keyPrefixText(prefixo)}</span>
    </span>
  );
}

/** The modules a key may query, by name; a module no longer active keeps its number. */
export function keyModulesText(modulos: number[] | null, moduleNames: ReadonlyMap<number, string>): string {
  if (modulos === null) return 'Todos';
  return modulos.map((id) => moduleNames.get(id) ?? `Módulo #${id}`).join(', ');
}

/** 25.5 → '25,50 créditos/dia'. */
export function keyDailyCapText(cap: number | null): string {
  return cap === null ? 'Sem limite' : `${formatCredits(cap)} créditos/dia`;
}

/**
 * What a key may do and when it was used, as its owner (/profile) and its managers (users screen)
 * see it (docs/product/api-keys.md#tela). Never the key: only its prefix.
 */
export function ApiKeyFacts({
  apiKey,
  moduleNames,
  wide = false,
}: {
  apiKey: ApiKey;
  moduleNames: ReadonlyMap<number, string>;
  /** Three facts a row from 1024 px, where the list spans the page (not in a dialog). */
  wide?: boolean;
}) {
  const facts: [string, string][] = [
    ['Módulos', keyModulesText(apiKey.modulos, moduleNames)],
    ['IPs', apiKey.ips === null ? 'Qualquer endereço' : apiKey.ips.join(', ')],
    ['Limite diário', keyDailyCapText(apiKey.limite_diario_creditos)],
    ['Expira em', apiKey.expira_em === null ? 'Nunca' : formatDate(apiKey.expira_em)],
    ['Último uso', apiKey.ultimo_uso === null ? 'Nunca usada' : formatDateTime(apiKey.ultimo_uso)],
    ['Criada em', formatDate(apiKey.criada_em)],
  ];
  return (
    <dl
      className={cn(
        'grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm',
        wide && 'lg:grid-cols-[auto_1fr_auto_1fr_auto_1fr]',
      )}
    >
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted-foreground">{term}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
