import { resultRetention } from '@painel/shared/rules/retention';
import {
  canonicalDocument,
  maskedTitularDocument as maskedDocument,
} from '@painel/shared/rules/titular-documents';

import { titularesMessages } from '@/features/titulares-admin/titulares-messages';
import { formatDateTime } from '@/lib/format';

/** The document as the report shows it, never whole (a report may be sent or printed). */
export function maskedTitularDocument(text: string): string {
  const document = canonicalDocument(text);
  return document ? maskedDocument(document) : '';
}

/** 'CPF' or 'CNPJ', for the report's header. */
export function titularDocumentKind(text: string): string {
  return canonicalDocument(text)?.kind === 'cnpj' ? 'CNPJ' : 'CPF';
}

/**
 * What became of a lookup's result: none kept ('Sem resultado guardado'), kept until a moment
 * ('Até 24/12/2026, 10:05'), or already erased ('Expirado em …' / 'Expirado').
 */
export function retentionStatus(
  expiresAt: string | null,
  now: Date,
): { state: 'none' | 'kept' | 'expired'; text: string } {
  const retention = resultRetention(expiresAt, now.getTime());
  if (retention.kind === 'none') return { state: 'none', text: titularesMessages.noResult };
  if (retention.kind === 'erased')
    return { state: 'expired', text: `${titularesMessages.expired} em ${formatDateTime(expiresAt!)}` };
  return { state: 'kept', text: `Até ${formatDateTime(retention.until)}` };
}

/** 'sucesso' → 'Concluída', 'falha' → 'Falhou', 'pendente' → 'Pendente'. */
export function lookupStatusLabel(status: string): string {
  if (status === 'sucesso') return 'Concluída';
  if (status === 'falha') return 'Falhou';
  if (status === 'pendente') return 'Pendente';
  return status;
}
