import { describe, expect, it } from 'vitest';
import {
  buildBrCode,
  crc16CcittFalse,
  emvEntries,
  emvField,
  formatBrCodeAmount,
  hasValidCrc,
  parseEmv,
  toBrCodeText,
  toTxid,
} from './brcode.ts';

/** Static example of the Central Bank's "Manual de Padrões para Iniciação do Pix". */
const MANUAL_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const MANUAL_KEY = '123e4567-e12b-12d1-a456-426655440000';

describe('CRC-16/CCITT-FALSE', () => {
  it('matches the catalogued check value of "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
  });

  it("matches the manual's example (1D3D) and pads to 4 upper-case hex digits", () => {
    expect(crc16CcittFalse(MANUAL_STATIC.slice(0, -4))).toBe('1D3D');
    expect(crc16CcittFalse('')).toBe('FFFF');
    expect(hasValidCrc(MANUAL_STATIC)).toBe(true);
    expect(hasValidCrc(MANUAL_STATIC.replace('Fulano', 'Fulana'))).toBe(false);
  });
});

describe('buildBrCode', () => {
  it("reproduces the manual's static example byte for byte from its fields", () => {
    expect(buildBrCode({ pixKey: MANUAL_KEY, merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' })).toBe(
      MANUAL_STATIC,
    );
  });

  it('lays out a single-use charge with amount and txid, in field order, with a valid CRC', () => {
    const code = buildBrCode({
      pixKey: MANUAL_KEY,
      merchantName: 'Painel Consulta',
      merchantCity: 'São Paulo',
      amountCents: 8990,
      txid: 'PC42ABC',
      singleUse: true,
    });
    expect(code.startsWith('000201010212')).toBe(true);
    expect(code).toContain('540589.905802BR');
    expect(code).toContain('5915Painel Consulta6009Sao Paulo');
    expect(code).toContain('62110507PC42ABC6304');
    expect(hasValidCrc(code)).toBe(true);
    const fields = parseEmv(code);
    expect(emvEntries(code).map(([id]) => id)).toEqual([
      '00',
      '01',
      '26',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '62',
      '63',
    ]);
    expect(parseEmv(fields['26']!)).toEqual({ '00': 'br.gov.bcb.pix', '01': MANUAL_KEY });
    expect(fields).toMatchObject({ '52': '0000', '53': '986', '54': '89.90', '58': 'BR' });
    expect(parseEmv(fields['62']!)).toEqual({ '05': 'PC42ABC' });
  });

  it('normalises accents to ASCII and truncates name (25) and city (15)', () => {
    const code = buildBrCode({
      pixKey: MANUAL_KEY,
      merchantName: 'Consultas & Informações Ltda. do Brasil',
      merchantCity: 'São José dos Campos',
      amountCents: 1,
    });
    const fields = parseEmv(code);
    expect(fields['59']).toBe('Consultas & Informacoes L');
    expect(fields['59']).toHaveLength(25);
    expect(fields['60']).toBe('Sao Jose dos Ca');
    expect(fields['54']).toBe('0.01');
    expect(hasValidCrc(code)).toBe(true);
  });

  it('keeps the txid to 25 letters and digits', () => {
    expect(toTxid('pix-1234_abc')).toBe('pix1234abc');
    expect(toTxid('A'.repeat(40))).toHaveLength(25);
    expect(toTxid('---')).toBe('***');
  });
});

describe('EMV helpers', () => {
  it('writes two-digit lengths and refuses values over 99 characters', () => {
    expect(emvField('58', 'BR')).toBe('5802BR');
    expect(emvField('26', 'x'.repeat(99))).toHaveLength(103);
    expect(() => emvField('26', 'x'.repeat(100))).toThrow();
  });

  it('formats cents as the amount field', () => {
    expect(formatBrCodeAmount(5000)).toBe('50.00');
    expect(formatBrCodeAmount(123456)).toBe('1234.56');
    expect(() => formatBrCodeAmount(0)).toThrow();
    expect(() => formatBrCodeAmount(1.5)).toThrow();
  });

  it('strips non-ASCII and collapses spaces', () => {
    expect(toBrCodeText('  Ação   Çedilha ✅ ', 25)).toBe('Acao Cedilha');
  });

  it('refuses malformed TLV', () => {
    expect(() => parseEmv('0002')).toThrow();
    expect(() => parseEmv('0x0201')).toThrow();
  });
});

describe('BR Code edges', () => {
  it('refuses an EMV id that is not two digits, and says which', () => {
    for (const id of ['1', '123', 'a1', '1a'])
      expect(() => emvField(id, 'x')).toThrow(`invalid EMV id ${id}`);
    expect(() => emvField('59', 'x'.repeat(100))).toThrow('EMV field 59 longer than 99 characters');
  });

  it('trims what truncation leaves at either end', () => {
    expect(toBrCodeText('  Ana   Maria Souza ', 4)).toBe('Ana');
    expect(toBrCodeText(' Loja ', 25)).toBe('Loja');
  });

  it('writes "***" for an empty txid', () => {
    expect(toTxid('')).toBe('***');
    expect(toTxid('-- --')).toBe('***');
  });

  it('refuses an amount that is not positive whole cents', () => {
    for (const cents of [0, -1, 1.5])
      expect(() => formatBrCodeAmount(cents)).toThrow('amount must be positive cents');
  });

  it('carries the description for the payer as field 26-02, in plain ASCII', () => {
    const code = buildBrCode({
      pixKey: MANUAL_KEY,
      merchantName: 'Painel',
      merchantCity: 'Sao Paulo',
      description: 'Recarga de créditos',
    });
    expect(parseEmv(parseEmv(code)['26']!)).toEqual({
      '00': 'br.gov.bcb.pix',
      '01': MANUAL_KEY,
      '02': 'Recarga de creditos',
    });
    expect(hasValidCrc(code)).toBe(true);
  });

  it('names the malformed TLV', () => {
    expect(() => emvEntries('0005abc')).toThrow('malformed EMV');
    expect(() => emvEntries('00xx')).toThrow('malformed EMV');
  });

  it('wants the CRC tag 6304 right before the CRC, even in a code of nothing else', () => {
    const body = '000201';
    expect(hasValidCrc(body + crc16CcittFalse(body))).toBe(false);
    expect(hasValidCrc(`6304${crc16CcittFalse('6304')}`)).toBe(true);
    expect(hasValidCrc('6304')).toBe(false);
    expect(hasValidCrc('')).toBe(false);
  });
});
