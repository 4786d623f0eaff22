/**
 * How each credit-ledger reason written by the server reads in a credit statement (the reasons
 * come from apps/server/src/modules/users/credit-transfer.ts and the payment and lookup services).
 * The reseller's side and the client's side of a transfer are two entries with different reasons.
 */

/** Who reads the statement: its owner (/perfil) or a manager looking at another user's ledger. */
export type LedgerReader = 'owner' | 'manager';

const reasonLabels: Record<string, string> = {
  recarga_pix: 'Recarga via PIX',
  consulta: 'Consulta',
  consulta_estorno: 'Estorno de consulta que falhou',
  credito_admin: 'Crédito adicionado pela administração',
  debito_admin: 'Crédito removido pela administração',
  transferencia_para_cliente: 'Enviado a um cliente',
  devolucao_do_cliente: 'Devolvido por um cliente',
};

/** The owner reads the reseller as 'seu revendedor'; a manager reads it without the possessive. */
const resellerLabels: Record<LedgerReader, Record<string, string>> = {
  owner: {
    transferencia_do_revendedor: 'Recebido do seu revendedor',
    devolucao_ao_revendedor: 'Devolvido ao seu revendedor',
  },
  manager: {
    transferencia_do_revendedor: 'Recebido do revendedor',
    devolucao_ao_revendedor: 'Devolvido ao revendedor',
  },
};

/** A known reason's label; an unknown one as its words, capitalised ('Movimentação' when empty). */
export function ledgerReasonLabel(reason: string, reader: LedgerReader): string {
  const label = resellerLabels[reader][reason] ?? reasonLabels[reason];
  if (label) return label;
  const words = reason.replace(/_/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Movimentação';
}

const referenceLabels: Record<string, string> = {
  consulta: 'Consulta',
  pix: 'Pagamento PIX',
  usuario: 'Usuário',
  admin: 'Administrador',
};

/**
 * 'consulta:42' → 'Consulta #42', 'usuario:7' → the account's name when the statement gives it
 * ('Revenda Sul'), else 'Usuário #7'; anything else is shown as it is.
 */
export function ledgerReferenceLabel(reference: string | null, name?: string | null): string | null {
  if (!reference) return null;
  if (name && /^usuario:\d+$/.test(reference)) return name;
  const match = /^([a-z_]+):(\d+)$/.exec(reference);
  const kind = match?.[1] ? referenceLabels[match[1]] : undefined;
  return kind && match ? `${kind} #${match[2]}` : reference;
}
