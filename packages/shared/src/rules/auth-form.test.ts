import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/v4/core';
import { messages } from '../messages.ts';
import { loginFormSchema, registerFormSchema } from '../schemas/auth.ts';
import { EMAIL_PATTERN, parseLoginForm, parseRegisterForm } from './auth-form.ts';

/** The first message zod gives for each field, as the forms show one message per field. */
function zodErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

const long = (length: number) => 'x'.repeat(length);

const loginCases = [
  { email: 'Maria@Exemplo.com ', senha: 'segredo', captcha_answer: ' ab12x ' },
  { email: '', senha: '', captcha_answer: '' },
  { email: '   ', senha: ' ', captcha_answer: '   ' },
  { email: 'maria@', senha: 'x', captcha_answer: 'abcdefg' },
  { email: 'a@b.c', senha: 'x', captcha_answer: 'ABCDEF' },
  { email: 'nome.sobrenome+tag@sub.exemplo.com.br', senha: long(200), captcha_answer: 'a' },
  { email: `${long(250)}@b.com`, senha: long(201), captcha_answer: 'a' },
  { email: '.maria@exemplo.com', senha: 'x', captcha_answer: 'a' },
  { email: 'maria..silva@exemplo.com', senha: 'x', captcha_answer: 'a' },
  { email: 'maria silva@exemplo.com', senha: 'x', captcha_answer: 'a' },
];

const registerCases = [
  {
    nome: ' Maria ',
    email: 'maria@exemplo.com',
    senha: 'segredo',
    confirmarSenha: 'segredo',
    captcha_answer: 'x1',
  },
  { nome: '', email: '', senha: '', confirmarSenha: '', captcha_answer: '' },
  { nome: '  ', email: 'x', senha: 'abc', confirmarSenha: 'abd', captcha_answer: '' },
  { nome: 'a', email: 'x@y.com', senha: 'abcdef', confirmarSenha: '', captcha_answer: 'a' },
  { nome: 'a', email: 'x@y.com', senha: 'abcdef', confirmarSenha: 'abcdeg', captcha_answer: 'a' },
  { nome: long(121), email: 'x@y.com', senha: long(201), confirmarSenha: long(201), captcha_answer: 'a' },
  {
    nome: long(120),
    email: 'x@y.com',
    senha: long(200),
    confirmarSenha: long(200),
    captcha_answer: 'abcdef',
  },
];

describe('login form rules', () => {
  it("checks emails with zod's own pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });

  it.each(loginCases)('agree with the server schema: %j', (values) => {
    const plain = parseLoginForm(values);
    const schema = loginFormSchema.safeParse(values);
    expect(plain.ok).toBe(schema.success);
    if (plain.ok) expect(plain.data).toEqual(schema.data);
    else expect(plain.errors).toEqual(zodErrors(schema));
  });

  it('trims and lower-cases the email and upper-cases the captcha answer', () => {
    expect(parseLoginForm({ email: ' Maria@Exemplo.COM ', senha: ' s ', captcha_answer: ' ab1 ' })).toEqual({
      ok: true,
      data: { email: 'maria@exemplo.com', senha: ' s ', captcha_answer: 'AB1' },
    });
  });

  it("asks for the captcha with the product's message", () => {
    const result = parseLoginForm({ email: 'a@exemplo.com', senha: 'x', captcha_answer: '' });
    expect(result).toEqual({ ok: false, errors: { captcha_answer: messages.captchaRequired } });
  });
});

describe('register form rules', () => {
  it.each(registerCases)('agree with the server schema: %j', (values) => {
    const plain = parseRegisterForm(values);
    const schema = registerFormSchema.safeParse(values);
    expect(plain.ok).toBe(schema.success);
    if (plain.ok && schema.success) {
      const { confirmarSenha: _, ...sent } = schema.data;
      expect(plain.data).toEqual(sent);
    } else if (!plain.ok) {
      expect(plain.errors).toEqual(zodErrors(schema));
    }
  });

  it("says 'As senhas não coincidem' on the confirmation only", () => {
    const result = parseRegisterForm({
      nome: 'Maria',
      email: 'maria@exemplo.com',
      senha: 'segredo1',
      confirmarSenha: 'segredo2',
      captcha_answer: 'AB',
    });
    expect(result).toEqual({ ok: false, errors: { confirmarSenha: messages.passwordsDoNotMatch } });
  });
});
