import { describe, expect, it } from 'vitest';
import { ledgerReasonLabel, ledgerReferenceLabel } from './ledger-labels.ts';

describe('ledgerReasonLabel', () => {
  it('labels the reasons both readers see alike', () => {
    for (const reader of ['owner', 'manager'] as const) {
      expect(ledgerReasonLabel('recarga_pix', reader)).toBe('Recarga via PIX');
      expect(ledgerReasonLabel('consulta', reader)).toBe('Consulta');
      expect(ledgerReasonLabel('consulta_estorno', reader)).toBe('Estorno de consulta que falhou');
      expect(ledgerReasonLabel('credito_admin', reader)).toBe('Crédito adicionado pela administração');
      expect(ledgerReasonLabel('debito_admin', reader)).toBe('Crédito removido pela administração');
      expect(ledgerReasonLabel('transferencia_para_cliente', reader)).toBe('Enviado a um cliente');
      expect(ledgerReasonLabel('devolucao_do_cliente', reader)).toBe('Devolvido por um cliente');
    }
  });

  it("names the reseller as 'seu revendedor' only to the statement's owner", () => {
    expect(ledgerReasonLabel('transferencia_do_revendedor', 'owner')).toBe('Recebido do seu revendedor');
    expect(ledgerReasonLabel('devolucao_ao_revendedor', 'owner')).toBe('Devolvido ao seu revendedor');
    expect(ledgerReasonLabel('transferencia_do_revendedor', 'manager')).toBe('Recebido do revendedor');
    expect(ledgerReasonLabel('devolucao_ao_revendedor', 'manager')).toBe('Devolvido ao revendedor');
  });

  it('spells out an unknown reason, and an empty one as a plain movement', () => {
    expect(ledgerReasonLabel('bonus_de_boas_vindas', 'owner')).toBe('Bonus de boas vindas');
    expect(ledgerReasonLabel('_ajuste_', 'manager')).toBe('Ajuste');
    expect(ledgerReasonLabel('', 'owner')).toBe('Movimentação');
    expect(ledgerReasonLabel('__', 'manager')).toBe('Movimentação');
  });
});

describe('ledgerReferenceLabel', () => {
  it('names known references with their number', () => {
    expect(ledgerReferenceLabel('consulta:42')).toBe('Consulta #42');
    expect(ledgerReferenceLabel('pix:7')).toBe('Pagamento PIX #7');
    expect(ledgerReferenceLabel('usuario:3')).toBe('Usuário #3');
    expect(ledgerReferenceLabel('admin:1')).toBe('Administrador #1');
  });

  it('names the other account of a transfer when the statement gives its name', () => {
    expect(ledgerReferenceLabel('usuario:3', 'Revenda Sul')).toBe('Revenda Sul');
    expect(ledgerReferenceLabel('usuario:3', null)).toBe('Usuário #3');
    expect(ledgerReferenceLabel('consulta:42', 'Revenda Sul')).toBe('Consulta #42');
  });

  it('shows anything else as it is, and nothing for no reference', () => {
    expect(ledgerReferenceLabel('lote:9')).toBe('lote:9');
    expect(ledgerReferenceLabel('consulta:abc')).toBe('consulta:abc');
    expect(ledgerReferenceLabel('texto livre')).toBe('texto livre');
    expect(ledgerReferenceLabel(null)).toBeNull();
    expect(ledgerReferenceLabel('')).toBeNull();
  });
});
