import { describe, expect, it } from 'vitest';
import { type QueryField, validateQueryInput } from './query-input.ts';

const cpf: QueryField = { nome: 'cpf', tipo: 'string', obrigatorio: true, mascara: '000.000.000-00' };
const email: QueryField = { nome: 'email', tipo: 'email', obrigatorio: false, mascara: null };
const numero: QueryField = { nome: 'numero', tipo: 'number', obrigatorio: false, mascara: null };
const nome: QueryField = { nome: 'nome', tipo: 'text', obrigatorio: true, mascara: null };

describe('validateQueryInput', () => {
  it('strips a masked value to its digits', () => {
    expect(validateQueryInput([cpf], { cpf: '123.456.789-09' })).toEqual({
      values: { cpf: '12345678909' },
      errors: {},
    });
    expect(validateQueryInput([cpf], { cpf: '12345678909' }).values).toEqual({ cpf: '12345678909' });
  });

  it("says 'Campo obrigatório' for an empty required field and skips an empty optional one", () => {
    expect(validateQueryInput([cpf, email], { cpf: '   ' })).toEqual({
      values: {},
      errors: { cpf: 'Campo obrigatório' },
    });
  });

  it("says 'Preencha todos os dígitos' when a mask is partly filled", () => {
    expect(validateQueryInput([cpf], { cpf: '123.456' }).errors).toEqual({
      cpf: 'Preencha todos os dígitos',
    });
    expect(validateQueryInput([cpf], { cpf: '123456789091' }).errors).toEqual({
      cpf: 'Preencha todos os dígitos',
    });
  });

  it("says 'Apenas números' for letters in a number or masked field", () => {
    expect(validateQueryInput([numero], { numero: '12a' }).errors).toEqual({ numero: 'Apenas números' });
    expect(validateQueryInput([cpf], { cpf: '123.abc.789-09' }).errors).toEqual({ cpf: 'Apenas números' });
    expect(validateQueryInput([numero], { numero: 42 }).values).toEqual({ numero: '42' });
  });

  it("says 'Email inválido' for a malformed email", () => {
    expect(validateQueryInput([email], { email: 'fulano@' }).errors).toEqual({ email: 'Email inválido' });
    expect(validateQueryInput([email], { email: ' fulano@exemplo.com ' }).values).toEqual({
      email: 'fulano@exemplo.com',
    });
  });

  it('drops invisible control characters (a NUL cannot be stored) but keeps line breaks', () => {
    expect(validateQueryInput([nome], { nome: 'Ma\u0000ria\u0007 Silva\nSantos' })).toEqual({
      values: { nome: 'Maria Silva\nSantos' },
      errors: {},
    });
    expect(validateQueryInput([nome], { nome: '\u0000\u0001' }).errors).toEqual({
      nome: 'Campo obrigatório',
    });
  });

  it('keeps free text trimmed and drops fields the module does not have', () => {
    expect(validateQueryInput([nome], { nome: '  Maria  ', extra: 'x' })).toEqual({
      values: { nome: 'Maria' },
      errors: {},
    });
  });
});

describe('validateQueryInput at its limits', () => {
  it('takes 200 characters and refuses 201 with the limit in the message', () => {
    expect(validateQueryInput([nome], { nome: 'a'.repeat(200) }).values.nome).toHaveLength(200);
    expect(validateQueryInput([nome], { nome: 'a'.repeat(201) })).toEqual({
      values: {},
      errors: { nome: 'Máximo de 200 caracteres' },
    });
  });

  it('wants the whole value to be one address, nothing before or after it', () => {
    expect(validateQueryInput([email], { email: 'ana souza@teste.local' }).errors).toEqual({
      email: 'Email inválido',
    });
    expect(validateQueryInput([email], { email: 'ana@teste.local x' }).errors).toEqual({
      email: 'Email inválido',
    });
    expect(validateQueryInput([email], { email: 'ana@teste.local' }).values).toEqual({
      email: 'ana@teste.local',
    });
  });

  it('keeps the zeros a masked value is made of: only the punctuation is a literal', () => {
    expect(validateQueryInput([cpf], { cpf: '000.000.000-00' })).toEqual({
      values: { cpf: '00000000000' },
      errors: {},
    });
  });
});

describe('a mask with A slots', () => {
  const cnpj: QueryField = { nome: 'cnpj', tipo: 'string', obrigatorio: true, mascara: 'AA.AAA.AAA/AAAA-00' };

  it('takes letters and digits, punctuated or not, in either case, and sends them upper-cased', () => {
    for (const typed of ['12.ABC.345/01DE-35', '12abc34501de35']) {
      expect(validateQueryInput([cnpj], { cnpj: typed })).toEqual({
        values: { cnpj: '12ABC34501DE35' },
        errors: {},
      });
    }
  });

  it('refuses a letter in a digit slot and a value short of the slots', () => {
    expect(validateQueryInput([cnpj], { cnpj: '12ABC34501DEX5' }).errors).toEqual({
      cnpj: 'Preencha todos os dígitos',
    });
    expect(validateQueryInput([cnpj], { cnpj: '12ABC34501DE3' }).errors).toEqual({
      cnpj: 'Preencha todos os dígitos',
    });
  });
});
