import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCENTED, searchKey, UNACCENTED } from './search-key.ts';

describe('the search key of a lookup input', () => {
  it('is the same for a document with or without punctuation, in either case', () => {
    expect(searchKey('12.ABC.345/01DE-35')).toBe('12ABC34501DE35');
    expect(searchKey('12abc34501de35')).toBe('12ABC34501DE35');
    expect(searchKey(' (11) 98765-4321 ')).toBe('11987654321');
    expect(searchKey('abc-1d23')).toBe('ABC1D23');
  });

  it('takes accents off, so a name is found typed without them', () => {
    expect(searchKey('João da Conceição')).toBe(searchKey('joao da conceicao'));
    expect(searchKey('JOÃO')).toBe('JOAO');
  });

  it('is empty for text with no letter or digit', () => {
    expect(searchKey('%_./- ')).toBe('');
  });

  it('pairs each accented letter with its plain one', () => {
    expect([...ACCENTED]).toHaveLength([...UNACCENTED].length);
    for (const [index, char] of [...ACCENTED].entries()) {
      expect(char.normalize('NFD')[0]).toBe(UNACCENTED[index]);
    }
  });

  it('holds only A–Z and 0–9, and a text’s key is found inside the key of any text around it', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (before, text, after) => {
        const key = searchKey(text);
        expect(key).toMatch(/^[0-9A-Z]*$/);
        expect(searchKey(`${before}${text}${after}`)).toContain(key);
      }),
    );
  });
});
