import { z } from 'zod';
import { messages } from '../messages.ts';

/** Body of every error response (docs/product/errors.md#error-body). */
export const errorBodySchema = z.object({
  error: z.string(),
  code: z.string(),
  errorType: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
  retryAfterSeconds: z.number().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * Characters no database column stores: U+0000, and half of a surrogate pair (only JSON's \uXXXX
 * escapes can carry one; it is not a character at all). Text holding them is refused at the edge
 * (docs/decisions/0010-bad-input-at-the-edge.md).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching U+0000 is the point.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

export function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}

export function withoutUnstorableCharacters(text: string): string {
  return text.replace(UNSTORABLE_ALL, '');
}

/** For a schema's refine: the text holds nothing that cannot be stored. */
export const isStorableText = (text: string) => !hasUnstorableCharacters(text);
const storable = isStorableText;

/**
 * Text as a person means it: composed (NFC, so 'á' typed as 'a' plus an accent is the 'á' of every
 * other keyboard) and without invisible format characters (zero-width spaces, bidi marks, soft
 * hyphens, byte-order marks; the joiner inside an emoji stays). Every free text taken at the edge
 * passes here, so 'Análise' in two spellings is one name and twelve zero-width spaces are no
 * justification (docs/decisions/0010-bad-input-at-the-edge.md).
 */
const INVISIBLE = /(?!\u200d)\p{Cf}/gu;
/** Letters that render as nothing: Hangul fillers, the braille blank, the grapheme joiner. */
const BLANK_LOOKING = /\u115f|\u1160|\u3164|\uffa0|\u2800|\u034f/gu;
export function normalizedText(text: string): string {
  return text.normalize('NFC').replace(INVISIBLE, '').replace(BLANK_LOOKING, '');
}

/** A name: normalized text on one line, any run of spaces (no-break, tabs, new lines) one space. */
export function normalizedName(text: string): string {
  // A mark with no letter before it (a lone accent) draws nothing either.
  return normalizedText(text)
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^\p{M}+/u, '')
    .trim();
}

/** Emails are compared and stored lower-case and trimmed. */
export const emailSchema = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(254, messages.tooLong(254))
  .refine(storable, messages.invalidCharacters)
  .pipe(z.email({ error: messages.invalidEmail }))
  .transform((email) => email.toLowerCase());

/** Optional free text (trimmed), refused when it holds characters no database stores. */
export const plainText = (max = 200) =>
  z
    .string()
    .overwrite(normalizedText)
    .trim()
    .max(max, messages.tooLong(max))
    .refine(storable, messages.invalidCharacters);

export const requiredText = (max = 200) =>
  z
    .string({ error: messages.required })
    .overwrite(normalizedText)
    .trim()
    .min(1, messages.required)
    .max(max, messages.tooLong(max))
    .refine(storable, messages.invalidCharacters);

/** A secret or key typed by a person (not trimmed), with the same refusal. */
export const secretText = (max = 200) =>
  z.string().max(max, messages.tooLong(max)).refine(storable, messages.invalidCharacters);

/** What is searched for: unstorable characters are dropped (a search refuses nothing). */
export const searchText = (max = 200) =>
  z
    .string()
    .max(max, messages.tooLong(max))
    .transform((text) => withoutUnstorableCharacters(text).trim());

/** Dates the database and every client can hold and show: years 1900 to 9999. */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 9999;

export function isDateInRange(date: Date): boolean {
  const year = date.getUTCFullYear();
  return !Number.isNaN(year) && year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
}

/** YYYY-MM-DD, optionally followed by a time and a zone: what a client sends for an instant. */
const ISO_INSTANT =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * An instant written the ISO way, or null: a date alone is midnight UTC, a time needs its zone, and
 * a day or hour that does not exist (30 February, 25:00) is refused instead of rolled over, as are
 * the loose spellings `Date.parse` accepts (' 1', '+1', 'March 3').
 */
export function parseIsoInstant(value: string): Date | null {
  const match = ISO_INSTANT.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00'] = match;
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (
    calendar.getUTCFullYear() !== Number(year) ||
    calendar.getUTCMonth() !== Number(month) - 1 ||
    calendar.getUTCDate() !== Number(day) ||
    Number(hour) > 23 ||
    Number(minute) > 59 ||
    Number(second) > 59
  ) {
    return null;
  }
  const instant = new Date(match[4] === undefined ? `${value}T00:00:00Z` : value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The largest id a database integer holds. */
export const MAX_ID = 2_147_483_647;

/** An id inside a body: a whole number from 1 to MAX_ID. */
export const idValueSchema = z
  .number({ error: messages.invalidId })
  .int(messages.invalidId)
  .min(1, messages.invalidId)
  .max(MAX_ID, messages.invalidId);

/**
 * An id in a path: digits only, no sign, spaces, leading zero, exponent or hex, at most MAX_ID;
 * ' 1', '+1', '0x10' and '1e3' are not ids.
 */
export const idParamSchema = z
  .string({ error: messages.invalidId })
  .regex(/^[1-9][0-9]{0,9}$/, messages.invalidId)
  .transform(Number)
  .refine((id) => id <= MAX_ID, messages.invalidId);

/** An id in a query string (a filter): as strict as one in a path. */
export const idQueryValueSchema = idParamSchema;

/** Path parameters of every /{id} route. */
export const idParamsSchema = z.object({ id: idParamSchema });
