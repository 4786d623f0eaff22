import { messages } from '@painel/shared/messages';
import type { QueryField } from '@painel/shared/rules/query-input';
import { describe, expect, it } from 'vitest';
import { blankLookupValues, lookupFormSchema } from '@/features/lookups/utils/lookup-form-schema';

const fields: QueryField[] = [
  { nome: 'cpf', tipo: 'string', obrigatorio: true, mascara: '000.000.000-00' },
  { nome: 'quantidade', tipo: 'number', obrigatorio: false, mascara: null },
  { nome: 'email', tipo: 'email', obrigatorio: false, mascara: null },
  { nome: 'nome', tipo: 'text', obrigatorio: false, mascara: null },
];

function errorsOf(values: Record<string, string>) {
  const parsed = lookupFormSchema(fields).safeParse(values);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('lookupFormSchema', () => {
  it("gives each field the query rules' message, one per field", () => {
    expect(errorsOf({ cpf: '', quantidade: '12a', email: 'maria@', nome: '' })).toEqual({
      cpf: messages.required,
      quantidade: messages.onlyDigits,
      email: messages.invalidEmail,
    });
    expect(errorsOf({ cpf: '123.4', quantidade: '', email: '', nome: 'x'.repeat(201) })).toEqual({
      cpf: messages.fillAllDigits,
      nome: messages.tooLong(200),
    });
  });

  it('sends masked fields as digits, trimmed text, and leaves blank optional fields out', () => {
    expect(
      lookupFormSchema(fields).parse({
        cpf: '123.456.789-09',
        quantidade: '',
        email: ' a@b.co ',
        nome: '   ',
      }),
    ).toEqual({ cpf: '12345678909', email: 'a@b.co' });
  });

  it('starts every field blank', () => {
    expect(blankLookupValues(fields)).toEqual({ cpf: '', quantidade: '', email: '', nome: '' });
  });
});
