/**
 * Credit-ledger reasons as a manager reads them in another user's statement (the reasons are
 * written by apps/server/src/modules/users/credit-transfer.ts and the payment and lookup services).
 */
const reasonLabels: Record<string, string> = {
  recarga_pix: 'Recarga via PIX',
  consulta: 'Consulta',
  consulta_estorno: 'Estorno de consulta que falhou',
  credito_admin: 'Crédito adicionado pela administração',
  debito_admin: 'Crédito removido pela administração',
  transferencia_do_revendedor: 'Recebido do revendedor',
  devolucao_ao_revendedor: 'Devolvido ao revendedor',
  transferencia_para_cliente: 'Enviado a um cliente',
  devolucao_do_cliente: 'Devolvido por um cliente',
};

export function ledgerReasonLabel(reason: string): string {
  const label = reasonLabels[reason];
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

/** 'usuario:42' → 'Usuário #42'; anything else as it is. */
export function ledgerReferenceLabel(reference: string | null): string | null {
  if (!reference) return null;
  const match = /^([a-z_]+):(\d+)$/.exec(reference);
  const kind = match?.[1] ? referenceLabels[match[1]] : undefined;
  return kind && match ? `${kind} #${match[2]}` : reference;
}
