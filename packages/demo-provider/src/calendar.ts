/**
 * Dates of the demo data. Everything is counted from a fixed reference day, not from the clock,
 * so the same input gives the same dates on every run.
 */
import type { Random } from './random.ts';

const DAY_MS = 86_400_000;

/** The "today" of the generated data. */
export const REFERENCE_DAY = Date.UTC(2025, 5, 30) / DAY_MS;

/** Whole days since 1970-01-01 (UTC). */
export type Day = number;

export const dayOf = (iso: string): Day => Math.floor(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) / DAY_MS);

/** 'YYYY-MM-DD'. */
export const isoDate = (day: Day): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** 'dd/mm/yyyy'. */
export const brDate = (day: Day): string => {
  const [year, month, date] = isoDate(day).split('-');
  return `${date}/${month}/${year}`;
};

export const yearsBefore = (day: Day, years: number): Day => day - Math.round(years * 365.25);

/** A day in [from, to]. */
export const randomDay = (random: Random, from: Day, to: Day): Day => random.int(from, Math.max(from, to));

/** A full ISO timestamp on a random day in [from, to], during Brazilian office hours. */
export const randomTimestamp = (random: Random, from: Day, to: Day): string =>
  new Date(randomDay(random, from, to) * DAY_MS + random.int(11 * 3600, 21 * 3600) * 1000).toISOString();

/** Whole years between a birth day and the reference day. */
export function ageAt(birth: Day, on: Day = REFERENCE_DAY): number {
  const [birthYear, birthMonth, birthDate] = isoDate(birth).split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const [year, month, date] = isoDate(on).split('-').map(Number) as [number, number, number];
  const hadBirthday = month > birthMonth || (month === birthMonth && date >= birthDate);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

/** First day (month, day) of each sign, in calendar order from Capricórnio's second part. */
const SIGN_STARTS: readonly [number, number, string][] = [
  [1, 20, 'Aquário'],
  [2, 19, 'Peixes'],
  [3, 21, 'Áries'],
  [4, 20, 'Touro'],
  [5, 21, 'Gêmeos'],
  [6, 21, 'Câncer'],
  [7, 23, 'Leão'],
  [8, 23, 'Virgem'],
  [9, 23, 'Libra'],
  [10, 23, 'Escorpião'],
  [11, 22, 'Sagitário'],
  [12, 22, 'Capricórnio'],
];

/** The western zodiac sign of a birth date, in Portuguese. */
export function zodiacSign(birth: Day): string {
  const [, month, date] = isoDate(birth).split('-').map(Number) as [number, number, number];
  let sign = 'Capricórnio';
  for (const [startMonth, startDate, name] of SIGN_STARTS) {
    if (month > startMonth || (month === startMonth && date >= startDate)) sign = name;
  }
  return sign;
}
