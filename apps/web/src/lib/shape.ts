/**
 * Tiny response parsers for the few shapes the first page needs (the stored session, the error
 * body, the login answer, the captcha). They read like zod and keep its rules for those shapes,
 * but weigh a few hundred bytes: zod's core is one module shared by every page, so any zod on
 * /login would bring most of it along. Everywhere else the panel parses with zod, and
 * first-load-schemas.test.ts holds each copy to its zod original in packages/shared.
 */

const INVALID = Symbol('invalid');
type Checked<T> = T | typeof INVALID;

export type SafeParseResult<T> = { success: true; data: T } | { success: false };

export interface Shape<T> {
  readonly check: (input: unknown) => Checked<T>;
  /** The same contract as zod's safeParse, so `apiRequest` takes either. */
  safeParse(input: unknown): SafeParseResult<T>;
}

interface OptionalShape<T> extends Shape<T | undefined> {
  readonly optional: true;
}

export type Infer<S> = S extends Shape<infer T> ? T : never;

function shape<T>(check: (input: unknown) => Checked<T>): Shape<T> {
  return {
    check,
    safeParse(input) {
      const data = check(input);
      return data === INVALID ? { success: false } : { success: true, data };
    },
  };
}

export const string = shape((input) => (typeof input === 'string' ? input : INVALID));

/** Finite numbers only, like zod 4. */
export const number = shape((input) =>
  typeof input === 'number' && Number.isFinite(input) ? input : INVALID,
);

export const int = shape((input) => (Number.isSafeInteger(input) ? (input as number) : INVALID));

export const boolean = shape((input) => (typeof input === 'boolean' ? input : INVALID));

export function oneOf<const T extends readonly string[]>(values: T): Shape<T[number]> {
  return shape((input) => (values.includes(input as string) ? (input as T[number]) : INVALID));
}

export function nullable<T>(inner: Shape<T>): Shape<T | null> {
  return shape((input) => (input === null ? null : inner.check(input)));
}

export function optional<T>(inner: Shape<T>): OptionalShape<T> {
  return { ...shape((input) => (input === undefined ? undefined : inner.check(input))), optional: true };
}

const isObject = (input: unknown): input is Record<string, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input);

/** A plain object whose every value passes `inner` (zod's record of string keys). */
export function record<T>(inner: Shape<T>): Shape<Record<string, T>> {
  return shape((input) => {
    if (!isObject(input) || Object.getPrototypeOf(input) !== Object.prototype) return INVALID;
    const output: Record<string, T> = {};
    for (const [key, value] of Object.entries(input)) {
      const checked = inner.check(value);
      if (checked === INVALID) return INVALID;
      output[key] = checked;
    }
    return output;
  });
}

type Fields = Record<string, Shape<unknown>>;
type OptionalKeys<F extends Fields> = {
  [K in keyof F]: F[K] extends { optional: true } ? K : never;
}[keyof F];
type ObjectOutput<F extends Fields> = {
  [K in Exclude<keyof F, OptionalKeys<F>>]: Infer<F[K]>;
} & { [K in OptionalKeys<F>]?: Infer<F[K]> };
type Flat<T> = { [K in keyof T]: T[K] } & {};

/** Known keys only, like zod's object: unknown keys are dropped, absent optional keys stay absent. */
export function object<F extends Fields>(fields: F): Shape<Flat<ObjectOutput<F>>> {
  return shape((input) => {
    if (!isObject(input)) return INVALID;
    const output: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) {
      const checked = field.check(input[key]);
      if (checked === INVALID) return INVALID;
      if (checked !== undefined || key in input) output[key] = checked;
    }
    return output as Flat<ObjectOutput<F>>;
  });
}
