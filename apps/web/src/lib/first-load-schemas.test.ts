import { type Captcha, captchaSchema } from '@painel/shared/schemas/auth';
import { type ErrorBody, errorBodySchema } from '@painel/shared/schemas/common';
import {
  type AuthResponse,
  authResponseSchema,
  type PublicUser,
  publicUserSchema,
} from '@painel/shared/schemas/user';
import { describe, expect, expectTypeOf, it } from 'vitest';

import { authResponseShape, captchaShape, errorBodyShape, publicUserShape } from '@/lib/first-load-schemas';
import type { Infer, Shape } from '@/lib/shape';
import { makeUser } from '@/test/fixtures';

const subscribed = makeUser({
  active_subscription: {
    id: 1,
    plan_id: 2,
    starts_at: '2026-01-01T00:00:00.000Z',
    ends_at: '2026-02-01T00:00:00.000Z',
    Plan: { name: 'Mensal' },
  },
  revendedor: {
    nome: 'Loja',
    email: 'loja@exemplo.com',
    whatsapp_contato: '11999990000',
    telegram_contato: null,
  },
  modulos: { '3': { limite: 10 }, '4': { limite: null } },
});

/** Both parsers must accept the same values, give the same data, and refuse the same values. */
function agree(
  copy: Shape<unknown>,
  original: { safeParse(input: unknown): { success: boolean; data?: unknown } },
) {
  return (_: string, value: unknown) => {
    const mine = copy.safeParse(value);
    const theirs = original.safeParse(value);
    expect(mine.success).toBe(theirs.success);
    if (mine.success) expect(mine.data).toStrictEqual(theirs.data);
  };
}

describe('publicUserShape', () => {
  it('has exactly the type of publicUserSchema', () => {
    expectTypeOf<Infer<typeof publicUserShape>>().toEqualTypeOf<PublicUser>();
  });

  it.each([
    ['a plain user', makeUser()],
    ['a subscriber linked to a reseller', subscribed],
    ['a user with fields the panel does not know', { ...makeUser(), senha_hash: 'x', extra: { a: 1 } }],
    ['an unknown role', { ...makeUser(), tipo: 'superuser' }],
    ['a missing field', { id: 7, nome: 'Maria' }],
    ['a missing nullable field', { ...makeUser(), revendedor: undefined }],
    ['a fractional module limit', { ...makeUser(), modulos: { '1': { limite: 1.5 } } }],
    ['modules as a list', { ...makeUser(), modulos: [{ limite: 1 }] }],
    ['a subscription without its plan', { ...subscribed, active_subscription: { id: 1 } }],
    ['credits as text', { ...makeUser(), creditos: '12' }],
    ['credits not a number', { ...makeUser(), creditos: Number.NaN }],
    ['infinite credits', { ...makeUser(), creditos: Number.POSITIVE_INFINITY }],
    ['a list', [makeUser()]],
    ['text', 'maria'],
    ['null', null],
  ])('accepts and refuses what publicUserSchema does: %s', agree(publicUserShape, publicUserSchema));
});

describe('authResponseShape', () => {
  it('has exactly the type of authResponseSchema', () => {
    expectTypeOf<Infer<typeof authResponseShape>>().toEqualTypeOf<AuthResponse>();
  });

  it.each([
    ['a session', { token: 'tok', user: makeUser() }],
    ['no token', { user: makeUser() }],
    ['a broken user', { token: 'tok', user: { id: 1 } }],
  ])('accepts and refuses what authResponseSchema does: %s', agree(authResponseShape, authResponseSchema));
});

describe('errorBodyShape', () => {
  it('has exactly the type of errorBodySchema', () => {
    expectTypeOf<Infer<typeof errorBodyShape>>().toEqualTypeOf<ErrorBody>();
  });

  it.each([
    ['a plain error', { error: 'Email ou senha inválidos', code: 'INVALID_CREDENTIALS' }],
    [
      'fields',
      { error: 'Verifique os campos', code: 'VALIDATION_ERROR', fields: { email: 'Email inválido' } },
    ],
    ['an expired token', { error: 'Expirou', code: 'TOKEN_EXPIRED', errorType: 'TokenExpiredError' }],
    ['a rate limit', { error: 'Muitas tentativas', code: 'RATE_LIMITED', retryAfterSeconds: 30 }],
    ['an explicit undefined', { error: 'x', code: 'Y', errorType: undefined }],
    ['no code', { error: 'Falhou' }],
    ['fields that are not text', { error: 'x', code: 'Y', fields: { a: 1 } }],
    ['errorType null', { error: 'x', code: 'Y', errorType: null }],
    ['an HTML page', '<html>502</html>'],
    ['nothing', undefined],
  ])('accepts and refuses what errorBodySchema does: %s', agree(errorBodyShape, errorBodySchema));
});

describe('captchaShape', () => {
  it('has exactly the type of captchaSchema', () => {
    expectTypeOf<Infer<typeof captchaShape>>().toEqualTypeOf<Captcha>();
  });

  it.each([
    ['a captcha', { id: 'c1', image: 'data:image/svg+xml;base64,AAA=' }],
    ['no image', { id: 'c1' }],
    ['a numeric id', { id: 1, image: 'x' }],
  ])('accepts and refuses what captchaSchema does: %s', agree(captchaShape, captchaSchema));
});
