import { describe, expect, it } from 'vitest';
import {
  formatInput,
  inputMask,
  inputMaxLength,
  pastedInput,
  type QueryField,
  validateQueryInput,
} from './query-input.ts';

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

describe('pasting into a lookup field (docs/product/lookups.md#pasting)', () => {
  const phone: QueryField = { nome: 'telefone', tipo: 'telefone', obrigatorio: true, mascara: null };
  const celular: QueryField = {
    nome: 'celular',
    tipo: 'string',
    obrigatorio: true,
    mascara: '(00) 00000-0000',
  };
  const typedCpf: QueryField = { nome: 'cpf', tipo: 'cpf', obrigatorio: true, mascara: null };
  const doc: QueryField = { nome: 'doc', tipo: 'cpf_cnpj', obrigatorio: true, mascara: null };
  const paste = (field: QueryField, text: string) => pastedInput(field, text, text);

  it('keeps the number a +55 comes before, with or without the field having a mask of its own', () => {
    expect(paste(celular, '+55 11 98765-4321')).toBe('(11) 98765-4321');
    expect(validateQueryInput([celular], { celular: '(11) 98765-4321' }).values).toEqual({
      celular: '11987654321',
    });
    expect(paste(phone, '+55 11 98765-4321')).toBe('(11) 98765-4321');
    expect(paste(phone, 'Telefone +55 (62) 3832-3983')).toBe('(62) 3832-3983');
  });

  it('keeps the last digit of a CPF pasted with a space or a label before it', () => {
    expect(paste(typedCpf, ' 529.982.247-25')).toBe('529.982.247-25');
    expect(paste(typedCpf, 'CPF: 529.982.247-25')).toBe('529.982.247-25');
    expect(paste(cpf, 'CPF: 529.982.247-25')).toBe('529.982.247-25');
  });

  it('a whole value replaces what the field had; a piece goes where it was pasted', () => {
    expect(pastedInput(typedCpf, '529.982.247-25', '123529.982.247-25')).toBe('529.982.247-25');
    expect(pastedInput(typedCpf, '247', '529.982.247')).toBe('529.982.247');
  });

  it('a CPF-or-CNPJ field takes the shape of what was pasted', () => {
    expect(paste(doc, 'CPF: 529.982.247-25')).toBe('529.982.247-25');
    expect(paste(doc, 'CNPJ nº 12.ABC.345/01DE-35')).toBe('12.ABC.345/01DE-35');
    expect(paste(doc, '11222333000181')).toBe('11.222.333/0001-81');
    // Three letters leave 11 digits, which a CPF's slots would take: it is still a CNPJ.
    expect(inputMask(doc, '12.ABC.345/0123-45')).toBe('AA.AAA.AAA/AAAA-00');
  });

  it('formats a phone or a CPF-or-CNPJ as it is typed, and leaves a free-text field alone', () => {
    expect(formatInput(phone, '11987654321')).toBe('(11) 98765-4321');
    expect(formatInput(phone, '6238323983')).toBe('(62) 3832-3983');
    expect(formatInput(doc, '52998224725')).toBe('529.982.247-25');
    expect(formatInput(nome, ' Maria ')).toBe(' Maria ');
    expect(inputMask(nome, '123')).toBeNull();
    expect(pastedInput(nome, 'Maria', 'Ana Maria')).toBe('Ana Maria');
  });

  it('lets the user type as far as the longest mask of the field', () => {
    expect(inputMaxLength(typedCpf)).toBe(14);
    expect(inputMaxLength(phone)).toBe(15);
    expect(inputMaxLength(doc)).toBe(18);
    expect(inputMaxLength(celular)).toBe(15);
    expect(inputMaxLength(nome)).toBe(200);
  });
});
