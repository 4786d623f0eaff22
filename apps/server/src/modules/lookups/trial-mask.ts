/**
 * Trial results are masked here, on the server, before they are stored or sent: the hidden part
 * never leaves (decisions.md §6). Masks follow the key a value sits under, and any CPF-shaped text
 * anywhere is masked too.
 */

const normalise = (key: string) => key.toLowerCase().replaceAll(/[^a-z]/g, '');

function maskDigitsKeepingEnds(value: string, keepStart: number, keepEnd: number): string {
  const digitCount = value.replaceAll(/\D/g, '').length;
  let seen = 0;
  return value.replaceAll(/\d/g, (digit) => {
    seen += 1;
    return seen <= keepStart || seen > digitCount - keepEnd ? digit : '*';
  });
}

/** 123.456.789-09 -> 123.***.***-09, with or without punctuation. */
export function maskCpf(value: string): string {
  const digits = value.replaceAll(/\D/g, '');
  if (digits.length !== 11) return maskDigitsKeepingEnds(value, 3, 2);
  return `${digits.slice(0, 3)}.***.***-${digits.slice(9)}`;
}

/** Keeps the first half (rounded up) of each word of a name. */
export function maskName(value: string): string {
  return value.replaceAll(/\p{L}+/gu, (word) => {
    const keep = Math.ceil(word.length / 2);
    return word.slice(0, keep) + '*'.repeat(word.length - keep);
  });
}

/** Keeps the first and last two digits of a phone number. */
export function maskPhone(value: string): string {
  return maskDigitsKeepingEnds(value, 2, 2);
}

export function maskEmail(value: string): string {
  const at = value.indexOf('@');
  if (at <= 0) return maskName(value);
  return `${value[0]}${'*'.repeat(Math.max(3, at - 1))}${value.slice(at)}`;
}

const CPF_IN_TEXT = /\b\d{3}\.?\d{3}\.?\d{3}-?\d{2}\b/g;

type Masker = (value: string) => string;

function maskerFor(key: string, insidePhones: boolean): Masker | null {
  const k = normalise(key);
  if (k.includes('cpf')) return maskCpf;
  if (k.includes('email')) return maskEmail;
  if (/(telefone|celular|phone|fone|whatsapp)/.test(k)) return maskPhone;
  if (insidePhones && (k === 'numero' || k === 'number')) return maskPhone;
  if (/^(nome|name|mae|pai|nomesocial|nomemae|nomepai|nomecompleto|proprietario|titular)/.test(k))
    return maskName;
  if (/^(rg|pis|nis|cns|titulo|tituloeleitor|ctps|matricula)$/.test(k)) {
    return (value) => maskDigitsKeepingEnds(value, 2, 1);
  }
  return null;
}

const PHONE_CONTAINERS = /(telefone|phone|celular|fone)/;

function maskValue(value: unknown, key: string, insidePhones: boolean): unknown {
  if (typeof value === 'string') {
    const masker = maskerFor(key, insidePhones);
    return masker ? masker(value) : value.replaceAll(CPF_IN_TEXT, (match) => maskCpf(match));
  }
  if (typeof value === 'number' && maskerFor(key, insidePhones)) {
    return maskValue(String(value), key, insidePhones);
  }
  if (Array.isArray(value)) return value.map((item) => maskValue(item, key, insidePhones));
  if (value && typeof value === 'object') {
    const phones = insidePhones || PHONE_CONTAINERS.test(normalise(key));
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([childKey, child]) => [
        childKey,
        maskValue(child, childKey, phones),
      ]),
    );
  }
  return value;
}

export function maskTrialResult(result: unknown): unknown {
  return maskValue(result, '', false);
}
