import { messages } from '../messages.ts';

/**
 * The login and register form rules as small plain functions, so the sign-in screens need no
 * schema library in the first download. They give the same messages, in the same order, as the
 * server's zod schemas in schemas/auth.ts (auth-form.test.ts holds the two together); the server
 * still checks every request with those schemas.
 */

/** The captcha answer: at most 6 characters, compared upper-case (docs/product/sessions.md#captcha). */
export const CAPTCHA_MAX_LENGTH = 6;
const NAME_MAX = 120;
const EMAIL_MAX = 254;
const PASSWORD_MAX = 200;
const PASSWORD_MIN = 6;

/**
 * zod's own email pattern (regexes.email in zod/v4/core), copied so that this file imports no
 * zod at all; auth-form.test.ts checks that it is still the very same pattern.
 */
export const EMAIL_PATTERN =
  // biome-ignore lint/complexity/noUselessEscapeInRegex: written exactly as zod writes it, so the test can compare the two
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

export type FormErrors<Field extends string> = Partial<Record<Field, string>>;
export type FormResult<Field extends string, Data> =
  | { ok: true; data: Data }
  | { ok: false; errors: FormErrors<Field> };

type Check = [value: string, error: string | undefined];

function requiredText(raw: string, max: number): Check {
  const value = raw.trim();
  if (value === '') return [value, messages.required];
  if (value.length > max) return [value, messages.tooLong(max)];
  return [value, undefined];
}

/** Trimmed and lower-cased, like the server stores it; zod's own email pattern. */
function email(raw: string): Check {
  const [value, error] = requiredText(raw, EMAIL_MAX);
  if (error) return [value, error];
  return [value.toLowerCase(), EMAIL_PATTERN.test(value) ? undefined : messages.invalidEmail];
}

function captcha(raw: string): Check {
  const value = raw.trim();
  const valid = value !== '' && value.length <= CAPTCHA_MAX_LENGTH;
  return [value.toUpperCase(), valid ? undefined : messages.captchaRequired];
}

function loginPassword(value: string): Check {
  if (value === '') return [value, messages.required];
  return [value, value.length > PASSWORD_MAX ? messages.tooLong(PASSWORD_MAX) : undefined];
}

function newPassword(value: string): Check {
  if (value.length < PASSWORD_MIN) return [value, messages.registerPasswordMin6];
  return [value, value.length > PASSWORD_MAX ? messages.tooLong(PASSWORD_MAX) : undefined];
}

function collect<Field extends string, Data>(
  checks: Record<Field, Check>,
  data: Data,
): FormResult<Field, Data> {
  const errors: FormErrors<Field> = {};
  for (const [field, [, error]] of Object.entries(checks) as [Field, Check][]) {
    if (error) errors[field] = error;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, data };
}

export interface LoginFormValues {
  email: string;
  senha: string;
  captcha_answer: string;
}

/** The login form (docs/product/sessions.md#login): email, password and captcha, ready to send. */
export function parseLoginForm(values: LoginFormValues): FormResult<keyof LoginFormValues, LoginFormValues> {
  const checks = {
    email: email(values.email),
    senha: loginPassword(values.senha),
    captcha_answer: captcha(values.captcha_answer),
  };
  return collect(checks, {
    email: checks.email[0],
    senha: checks.senha[0],
    captcha_answer: checks.captcha_answer[0],
  });
}

export interface RegisterFormValues {
  nome: string;
  email: string;
  senha: string;
  confirmarSenha: string;
  captcha_answer: string;
}

/** The register form (docs/product/sessions.md#register): the confirmation must match; it is not sent. */
export function parseRegisterForm(
  values: RegisterFormValues,
): FormResult<keyof RegisterFormValues, Omit<RegisterFormValues, 'confirmarSenha'>> {
  const checks = {
    nome: requiredText(values.nome, NAME_MAX),
    email: email(values.email),
    senha: newPassword(values.senha),
    confirmarSenha: [
      values.confirmarSenha,
      values.confirmarSenha === ''
        ? messages.required
        : values.confirmarSenha !== values.senha
          ? messages.passwordsDoNotMatch
          : undefined,
    ] satisfies Check,
    captcha_answer: captcha(values.captcha_answer),
  };
  return collect(checks, {
    nome: checks.nome[0],
    email: checks.email[0],
    senha: checks.senha[0],
    captcha_answer: checks.captcha_answer[0],
  });
}
