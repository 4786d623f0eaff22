import { describe, expect, it } from 'vitest';
import { joinPhoneEntries, joinPhoneFields } from './phone-entries.ts';
import { formatFieldValue } from './result-display.ts';

describe('a DDD and its number shown as one phone', () => {
  it('joins a company phone into one Telefone entry where the DDD was', () => {
    const joined = joinPhoneFields({ ddd: '62', numero: '38323983', tipo: 'COMERCIAL', principal: true });
    expect(Object.entries(joined)).toEqual([
      ['telefone', '6238323983'],
      ['tipo', 'COMERCIAL'],
      ['principal', true],
    ]);
    expect(formatFieldValue('telefone', joined.telefone as string)).toBe('(62) 3832-3983');
  });

  it('keeps the DDD position when the number comes first, and reads numbers, masks and a trunk zero', () => {
    expect(
      joinPhoneEntries([
        ['numero', '98765-4321'],
        ['tipo', 'CELULAR'],
        ['ddd', '011'],
      ]),
    ).toEqual([
      ['tipo', 'CELULAR'],
      ['telefone', '11987654321'],
    ]);
    expect(joinPhoneFields({ ddd: 62, numero: 38323983 })).toEqual({ telefone: '6238323983' });
  });

  it('joins a DDD with a telefone, celular or fone key that holds only the local number', () => {
    expect(joinPhoneFields({ ddd: '11', telefone: '987654321' })).toEqual({ telefone: '11987654321' });
    expect(joinPhoneFields({ nome: 'Loja', ddd: '21', celular: '991234567' })).toEqual({
      nome: 'Loja',
      telefone: '21991234567',
    });
    expect(joinPhoneFields({ ddd: '31', fone: '3333-4444' })).toEqual({ telefone: '3133334444' });
  });

  it('leaves entries untouched when the joined digits are not a valid phone', () => {
    for (const object of [
      { ddd: '11', numero: '9' },
      { ddd: '11', numero: '12345678' },
      { ddd: '01', numero: '38323983' },
      { ddd: '62', numero: '812345678' },
      { ddd: '', numero: '38323983' },
    ]) {
      expect(joinPhoneFields(object)).toEqual(object);
    }
  });

  it("leaves an address's numero and a CEP's lone ddd as they are", () => {
    const address = { logradouro: 'Rua 7', numero: '38323983', cep: '74000100' };
    expect(joinPhoneFields(address)).toEqual(address);
    const cep = { cep: '74000100', cidade: 'Goiânia', ddd: '62', moradores: [] };
    expect(joinPhoneFields(cep)).toEqual(cep);
  });

  it('drops the DDD and number that repeat a full telefone already there', () => {
    expect(
      Object.entries(
        joinPhoneFields({
          telefone: '(62) 98765-4321',
          ddd: '62',
          numero: '987654321',
          operadora: 'VIVO',
        }),
      ),
    ).toEqual([
      ['telefone', '(62) 98765-4321'],
      ['operadora', 'VIVO'],
    ]);
    expect(joinPhoneFields({ telefone: '5562987654321', ddd: '62', numero: '987654321' })).toEqual({
      telefone: '5562987654321',
    });
  });

  it('does not write a second telefone over a different one', () => {
    const object = { telefone: '11987654321', ddd: '62', numero: '38323983' };
    expect(joinPhoneFields(object)).toEqual(object);
  });
});
