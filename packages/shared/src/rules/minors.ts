/**
 * Whether a lookup's result is the data of a person under 18 (docs/product/reveal-and-minors.md#minors):
 * a birth date, found by its key and read by its value, that makes someone under 18 on the day of
 * the lookup. The server masks such a result unless the lookup's purpose permits minors; the panel
 * shows the 'Menor de idade' badge from the answer's `menor_de_idade`.
 */

/** Age of majority in Brazil (Código Civil, art. 5º). */
export const ADULT_AGE = 18;

/** A calendar day. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/**
 * Keys whose people are someone else's: an adult's relatives and neighbours are part of the adult's
 * result, and a child among them does not make it a minor's result.
 */
export const RELATED_PEOPLE_KEYS: ReadonlySet<string> = new Set([
  'parentes',
  'parente',
  'relatives',
  'familiares',
  'familia',
  'vizinhos',
  'neighbors',
  'neighbours',
]);

const BIRTH_STEMS = /nasc|birth|aniversario|natalicio/;
const BIRTH_WORDS = new Set(['dn', 'dob']);

/** 'DT_NASCIMENTO' -> ['dt', 'nascimento'], 'birthDate' -> ['birth', 'date']. */
function wordsOf(key: string): string[] {
  return key
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
}

type KeyKind = 'birth' | 'related' | 'other';

// Providers repeat the same few keys thousands of times in one answer; each is read once.
const keyKinds = new Map<string, KeyKind>();
const KEY_CACHE_LIMIT = 10_000;

function kindOf(key: string): KeyKind {
  const known = keyKinds.get(key);
  if (known) return known;
  const words = wordsOf(key);
  const plain = words.join('');
  let kind: KeyKind = 'other';
  if (RELATED_PEOPLE_KEYS.has(plain)) kind = 'related';
  else if (BIRTH_STEMS.test(plain) || words.some((word) => BIRTH_WORDS.has(word))) kind = 'birth';
  if (keyKinds.size < KEY_CACHE_LIMIT) keyKinds.set(key, kind);
  return kind;
}

/** Whether a key names a birth date ('data_nascimento', 'dataNascimento', 'dt_nasc', 'birth_date', 'dob'…). */
export const isBirthDateKey = (key: string): boolean => kindOf(key) === 'birth';

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function calendarDay(year: number, month: number, day: number): CalendarDay | null {
  if (year < 1800 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

const ISO_DATE = /^\s*(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?\s*$/;
const BR_DATE = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/;
/** A birth date the trial masker left with its year only ('**\/**\/2010'). */
const YEAR_ONLY = /^\s*\*\*\/\*\*\/(\d{4})\s*$/;

/**
 * A birth date as providers write it: ISO (`2008-02-29`, a time allowed after it) or Brazilian
 * (`29/02/2008`, also with `-` or `.`), a real calendar day; null for anything else. A date the
 * trial masker cut to its year counts as the year's last day, so someone who may be under 18 is.
 */
export function readBirthDate(value: unknown): CalendarDay | null {
  if (typeof value !== 'string') return null;
  const iso = ISO_DATE.exec(value);
  if (iso) return calendarDay(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const br = BR_DATE.exec(value);
  if (br) return calendarDay(Number(br[3]), Number(br[2]), Number(br[1]));
  const yearOnly = YEAR_ONLY.exec(value);
  if (yearOnly) return calendarDay(Number(yearOnly[1]), 12, 31);
  return null;
}

/** 'YYYY-MM-DD' as a calendar day (the day of a lookup, in São Paulo). */
export function parseCalendarDay(text: string): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match ? calendarDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/**
 * Whole years from `birth` to `on`. A birthday is reached on its day; one born on 29 February
 * reaches it on 1 March in a common year (Código Civil, art. 132, § 3º).
 */
export function ageOn(birth: CalendarDay, on: CalendarDay): number {
  const reached = on.month > birth.month || (on.month === birth.month && on.day >= birth.day);
  return on.year - birth.year - (reached ? 0 : 1);
}

/** Under 18 on that day; a birth date after the day is no one's. */
export function isMinorOn(birth: CalendarDay, on: CalendarDay): boolean {
  const age = ageOn(birth, on);
  return age >= 0 && age < ADULT_AGE;
}

/** Deeper than this nothing is read (the upstream gateway refuses answers nested past 200 levels). */
const MAX_DEPTH = 200;

/** `birth`: the value sits under a birth key ({ nascimento: { data: '2010-05-01', local: … } }). */
function holdsMinor(value: unknown, on: CalendarDay, depth: number, birth: boolean): boolean {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsMinor(item, on, depth + 1, birth)) return true;
    return false;
  }
  for (const key in value) {
    const child = (value as Record<string, unknown>)[key];
    if (child === null) continue;
    if (typeof child === 'object') {
      const kind = kindOf(key);
      if (kind !== 'related' && holdsMinor(child, on, depth + 1, kind === 'birth')) return true;
    } else if (typeof child === 'string' && (birth || kindOf(key) === 'birth')) {
      const date = readBirthDate(child);
      if (date && isMinorOn(date, on)) return true;
    }
  }
  return false;
}

/**
 * Whether the result shows a person under 18 on `on` (the lookup's day, 'YYYY-MM-DD'): a birth date
 * under a birth key in any object of the result, except among someone's relatives and neighbours.
 */
export function resultHasMinor(result: unknown, on: string): boolean {
  const day = parseCalendarDay(on);
  return day !== null && holdsMinor(result, day, 0, false);
}
