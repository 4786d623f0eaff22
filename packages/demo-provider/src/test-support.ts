/** Helpers for the tests beside this file: read generated answers whatever spelling they use. */
import { FIELD_VARIANTS, type Field } from './field-variants.ts';

export type Json = Record<string, unknown>;

const spellingsOf = (field: Field): readonly string[] => FIELD_VARIANTS[field];

/** The value under the first spelling of the field that is present, as the web reads it. */
export function read(object: Json, field: Field): unknown {
  for (const spelling of spellingsOf(field)) {
    if (Object.hasOwn(object, spelling)) return object[spelling];
  }
  return undefined;
}

export function has(object: Json, field: Field): boolean {
  return spellingsOf(field).some((spelling) => Object.hasOwn(object, spelling));
}

/** Every [key, value] pair anywhere in a JSON value. */
export function* entries(value: unknown): Generator<[string, unknown]> {
  if (Array.isArray(value)) {
    for (const item of value) yield* entries(item);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      yield [key, child];
      yield* entries(child);
    }
  }
}

/** Every value stored under any spelling of the field, anywhere. */
export function valuesOf(value: unknown, field: Field): unknown[] {
  const spellings = new Set(spellingsOf(field));
  return [...entries(value)].filter(([key]) => spellings.has(key)).map(([, child]) => child);
}

/** A person's basic data: inside the wrapper when there is one, else the person itself. */
export function basicDataOf(person: Json): Json {
  return (read(person, 'dadosBasicos') as Json | undefined) ?? person;
}

export const listOf = (object: Json, field: Field) => (read(object, field) as Json[] | undefined) ?? [];
