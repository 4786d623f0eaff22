/**
 * One way to show a phone that a provider splits in two (docs/product/lookups.md#result-view): a DDD
 * beside its number ('ddd: 62', 'numero: 38323983') is one 'Telefone' entry, '(62) 3832-3983' once
 * formatFieldValue writes it under the key 'telefone'. The result view, the copy text and the PDF
 * outline all read an object's entries through this rule.
 */
import { isValidPhone, onlyDigits, withoutCountryCode } from './documents.ts';
import { type JsonObject, keysOf } from './result-fields.ts';

/** The key the joined phone is written under, so formatFieldValue formats it as a phone. */
const JOINED_PHONE_KEY = 'telefone';

/** Keys that may hold a phone number, with or without its DDD. */
const PHONE_FIELDS = ['telefone', 'celular', 'fone'] as const;

type Entry = [key: string, value: unknown];

const DDD_KEYS = keysOf(['ddd']);
const NUMBER_KEYS = keysOf(['numero']);
const PHONE_KEYS = keysOf(PHONE_FIELDS);

const digitsOf = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? onlyDigits(String(value)) : '';

/** A DDD written with a trunk zero ('011') is the same DDD. */
const dddDigits = (value: unknown) => digitsOf(value).replace(/^0(?=\d{2}$)/, '');

/** A number without its DDD: 8 digits (landline) or 9 (mobile). */
const isLocalNumber = (digits: string) => digits.length === 8 || digits.length === 9;

/**
 * The entries with a DDD and its number written as one phone entry, placed where the DDD was. The
 * number is the 'numero' beside the DDD or a phone key ('telefone', 'celular', 'fone') holding only
 * the local digits. When a phone key already holds the whole number, the DDD and the 'numero' that
 * repeat it are dropped. Nothing changes unless the joined digits are a valid phone (isValidPhone):
 * an address's 'numero' has no DDD beside it, and a CEP's lone 'ddd' has no number.
 */
export function joinPhoneEntries(entries: readonly Entry[]): Entry[] {
  const ddd = entries.find(([key]) => DDD_KEYS.has(key));
  if (!ddd) return [...entries];
  const area = dddDigits(ddd[1]);
  const phones = entries.filter(([key]) => PHONE_KEYS.has(key));
  const numero = entries.find(([key]) => NUMBER_KEYS.has(key));

  if (numero && isLocalNumber(digitsOf(numero[1]))) {
    const joined = `${area}${digitsOf(numero[1])}`;
    if (isValidPhone(joined)) {
      if (phones.some(([, value]) => withoutCountryCode(digitsOf(value)) === joined))
        return entries.filter((entry) => entry !== ddd && entry !== numero);
      return replaceDdd(entries, ddd, numero, joined);
    }
  }

  const local = phones.filter(([, value]) => isLocalNumber(digitsOf(value)));
  if (local.length !== 1) return [...entries];
  const [phone] = local as [Entry];
  const joined = `${area}${digitsOf(phone[1])}`;
  return isValidPhone(joined) ? replaceDdd(entries, ddd, phone, joined) : [...entries];
}

/** The DDD's entry becomes the joined phone and its number's entry goes; another telefone keeps all untouched. */
function replaceDdd(entries: readonly Entry[], ddd: Entry, number: Entry, joined: string): Entry[] {
  if (entries.some((entry) => entry[0] === JOINED_PHONE_KEY && entry !== number)) return [...entries];
  return entries
    .filter((entry) => entry !== number)
    .map((entry): Entry => (entry === ddd ? [JOINED_PHONE_KEY, joined] : entry));
}

/** An object (a table row, a list item) with its DDD and number joined the same way. */
export function joinPhoneFields(object: JsonObject): JsonObject {
  return Object.fromEntries(joinPhoneEntries(Object.entries(object)));
}
