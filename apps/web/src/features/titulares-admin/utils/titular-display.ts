import { formatCnpj, formatCpf } from '@painel/shared/rules/documents';
import { canonicalDocument } from '@painel/shared/rules/titular-documents';

import { titularesMessages } from '@/features/titulares-admin/titulares-messages';
import { formatDateTime } from '@/lib/format';

/**
 * The document as the report shows it, never whole (a report may be sent or printed): a CPF as the
 * panel masks one everywhere, 529.***.***-25; a CNPJ with its first two and last two characters,
 * 12.***.***\/****-35 (the same shapes the audit trail keeps, docs/product/titulares.md).
 */
export function maskedTitularDocument(text: string): string {
  const document = canonicalDocument(text);
  if (!document) return '';
  const written = document.kind === 'cpf' ? formatCpf(document.value) : formatCnpj(document.value);
  const keepEnd = 2;
  const keepStart = document.kind === 'cpf' ? 3 : 2;
  let seen = 0;
  const slots = written.replace(/[^0-9A-Z]/g, '').length;
  return written.replace(/[0-9A-Z]/g, (char) => {
    seen += 1;
    return seen <= keepStart || seen > slots - keepEnd ? char : '*';
  });
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
  if (expiresAt === null) return { state: 'none', text: titularesMessages.noResult };
  if (new Date(expiresAt).getTime() <= now.getTime())
    return { state: 'expired', text: `${titularesMessages.expired} em ${formatDateTime(expiresAt)}` };
  return { state: 'kept', text: `Até ${formatDateTime(expiresAt)}` };
}

/** 'sucesso' → 'Concluída', 'falha' → 'Falhou', 'pendente' → 'Pendente'. */
export function lookupStatusLabel(status: string): string {
  if (status === 'sucesso') return 'Concluída';
  if (status === 'falha') return 'Falhou';
  if (status === 'pendente') return 'Pendente';
  return status;
}
