/**
 * The Pix BR Code (EMV® QRCPS-MPM as profiled by the Central Bank's "Manual de Padrões para
 * Iniciação do Pix"): TLV fields, each an id of 2 digits, a length of 2 digits and the value,
 * closed by a CRC-16/CCITT-FALSE over everything before it, including '6304'.
 */

export const BR_CODE_LIMITS = { merchantName: 25, merchantCity: 15, txid: 25 } as const;

/** CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final xor. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One TLV field; values longer than 99 characters cannot be encoded. */
export function emvField(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new Error(`invalid EMV id ${id}`);
  if (value.length > 99) throw new Error(`EMV field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Accents to plain ASCII, anything outside printable ASCII dropped, spaces collapsed. */
export function toBrCodeText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** A txid: letters and digits only, at most 25 ('***' is the manual's "no txid" for static codes). */
export function toTxid(text: string): string {
  if (text === '***') return text;
  const txid = text.replace(/[^A-Za-z0-9]/g, '').slice(0, BR_CODE_LIMITS.txid);
  return txid || '***';
}

/** Cents as the EMV amount: digits, a dot and two decimals ('1.00', '1234.56'). */
export function formatBrCodeAmount(amountCents: number): string {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new Error('amount must be positive cents');
  return `${Math.floor(amountCents / 100)}.${String(amountCents % 100).padStart(2, '0')}`;
}

export interface BrCodeInput {
  /** The receiver's Pix key (here an EVP key, a UUID). */
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  /** Omitted for a static code without amount. */
  amountCents?: number;
  /** Up to 25 letters and digits; '***' when absent. */
  txid?: string;
  /** Point of initiation '12': the code is meant to be paid once. */
  singleUse?: boolean;
  /** Optional free text for the payer (field 26-02). */
  description?: string;
}

/** Builds a BR Code ("copia e cola") from its fields. */
export function buildBrCode(input: BrCodeInput): string {
  const account =
    emvField('00', 'br.gov.bcb.pix') +
    emvField('01', input.pixKey) +
    (input.description ? emvField('02', toBrCodeText(input.description, 40)) : '');
  const payload = [
    emvField('00', '01'),
    input.singleUse ? emvField('01', '12') : '',
    emvField('26', account),
    emvField('52', '0000'),
    emvField('53', '986'),
    input.amountCents === undefined ? '' : emvField('54', formatBrCodeAmount(input.amountCents)),
    emvField('58', 'BR'),
    emvField('59', toBrCodeText(input.merchantName, BR_CODE_LIMITS.merchantName)),
    emvField('60', toBrCodeText(input.merchantCity, BR_CODE_LIMITS.merchantCity)),
    emvField('62', emvField('05', toTxid(input.txid ?? '***'))),
    '6304',
  ].join('');
  return payload + crc16CcittFalse(payload);
}

export type EmvFields = Record<string, string>;

/** Splits a TLV string into its fields in order (top level only); throws on a malformed one. */
export function emvEntries(text: string): [id: string, value: string][] {
  const fields: [string, string][] = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(text.slice(at + 2, at + 4))) throw new Error('malformed EMV');
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error('malformed EMV');
    fields.push([id, value]);
    at += 4 + length;
  }
  return fields;
}

export function parseEmv(text: string): EmvFields {
  return Object.fromEntries(emvEntries(text));
}

/** True when the code ends in '6304' + the CRC of everything before the CRC value. */
export function hasValidCrc(code: string): boolean {
  if (code.length < 8 || code.slice(-8, -4) !== '6304') return false;
  return crc16CcittFalse(code.slice(0, -4)) === code.slice(-4).toUpperCase();
}
