import { messages } from '@painel/shared/messages';
import type { QueryField } from '@painel/shared/rules/query-input';
import { describe, expect, it } from 'vitest';
import {
  blankLookupValues,
  type LookupFormValues,
  lookupFormSchema,
} from '@/features/lookups/utils/lookup-form-schema';

const fields: QueryField[] = [
  { nome: 'cpf', tipo: 'string', obrigatorio: true, mascara: '000.000.000-00' },
  { nome: 'quantidade', tipo: 'number', obrigatorio: false, mascara: null },
  { nome: 'email', tipo: 'email', obrigatorio: false, mascara: null },
  { nome: 'nome', tipo: 'text', obrigatorio: false, mascara: null },
];

const values = (
  input: Record<string, string>,
  purpose: Partial<Omit<LookupFormValues, 'input'>> = {},
): LookupFormValues => ({ input, finalidade_id: '1', justificativa: '', ...purpose });

function errorsOf(formValues: LookupFormValues, purposeRequired = true) {
  const parsed = lookupFormSchema(fields, { purposeRequired }).safeParse(formValues);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('lookupFormSchema', () => {
  it("gives each field the query rules' message, one per field", () => {
    expect(errorsOf(values({ cpf: '', quantidade: '12a', email: 'maria@', nome: '' }))).toEqual({
      'input.cpf': messages.required,
      'input.quantidade': messages.onlyDigits,
      'input.email': messages.invalidEmail,
    });
    expect(errorsOf(values({ cpf: '123.4', quantidade: '', email: '', nome: 'x'.repeat(201) }))).toEqual({
      'input.cpf': messages.fillAllDigits,
      'input.nome': messages.tooLong(200),
    });
  });

  it('sends masked fields as digits, trimmed text, and leaves blank optional fields out', () => {
    expect(
      lookupFormSchema(fields, { purposeRequired: true }).parse(
        values({ cpf: '123.456.789-09', quantidade: '', email: ' a@b.co ', nome: '   ' }),
      ),
    ).toEqual({ input: { cpf: '12345678909', email: 'a@b.co' }, finalidade_id: 1, justificativa: null });
  });

  it("asks for a purpose with the server's message only while one is required", () => {
    const input = { cpf: '123.456.789-09', quantidade: '', email: '', nome: '' };
    expect(errorsOf(values(input, { finalidade_id: '' }))).toEqual({
      finalidade_id: messages.purposeRequired,
    });
    expect(errorsOf(values(input, { finalidade_id: '' }), false)).toEqual({});
    expect(
      lookupFormSchema(fields, { purposeRequired: false }).parse(values(input, { finalidade_id: '' })),
    ).toMatchObject({ finalidade_id: null });
  });

  it('sends the justification trimmed, none when blank, and refuses one over 500 characters', () => {
    const input = { cpf: '123.456.789-09', quantidade: '', email: '', nome: '' };
    const schema = lookupFormSchema(fields, { purposeRequired: true });
    expect(schema.parse(values(input, { justificativa: '  Pedido 42 ' }))).toMatchObject({
      justificativa: 'Pedido 42',
    });
    expect(schema.parse(values(input, { justificativa: '   ' }))).toMatchObject({ justificativa: null });
    expect(errorsOf(values(input, { justificativa: 'x'.repeat(501) }))).toEqual({
      justificativa: messages.tooLong(500),
    });
  });

  it('starts every field blank, with the purpose given, if any', () => {
    expect(blankLookupValues(fields)).toEqual({
      input: { cpf: '', quantidade: '', email: '', nome: '' },
      finalidade_id: '',
      justificativa: '',
    });
    expect(blankLookupValues(fields, 3)).toMatchObject({ finalidade_id: '3' });
  });
});
