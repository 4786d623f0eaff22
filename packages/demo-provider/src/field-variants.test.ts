import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dayOf } from './calendar.ts';
import { DEMO_LOOKUPS } from './demo-lookups.ts';
import { BASIC_DATA_WRAPPERS, createDialect, FIELD_VARIANTS, type Field } from './field-variants.ts';

const docs = readFileSync(new URL('../../../docs/demo-provider.md', import.meta.url), 'utf8');
const fields = Object.keys(FIELD_VARIANTS) as Field[];

describe('createDialect', () => {
  it('spells every key the same way for the same seed, and one way within a response', () => {
    const first = createDialect('cpf:12345678909');
    const second = createDialect('cpf:12345678909');
    for (const field of fields) {
      expect(first.key(field)).toBe(second.key(field));
      expect(first.key(field)).toBe(first.key(field));
      expect(FIELD_VARIANTS[field]).toContain(first.key(field));
    }
    expect(first.basicDataWrapper).toBe(second.basicDataWrapper);
  });

  it('uses every spelling of every key across seeds', () => {
    const seen = new Map<Field, Set<string>>(fields.map((field) => [field, new Set()]));
    const wrappers = new Set<string | null>();
    for (let index = 0; index < 300; index += 1) {
      const dialect = createDialect(`seed-${index}`);
      for (const field of fields) seen.get(field)!.add(dialect.key(field));
      wrappers.add(dialect.basicDataWrapper);
    }
    for (const field of fields)
      expect([...seen.get(field)!].sort(), field).toEqual([...FIELD_VARIANTS[field]].sort());
    expect([...wrappers].sort()).toEqual([...BASIC_DATA_WRAPPERS].sort());
  });

  it('never gives two keys the same spelling', () => {
    const spellings = Object.values(FIELD_VARIANTS).flat();
    expect(new Set(spellings).size).toBe(spellings.length);
  });

  it('writes objects under the chosen spellings and leaves undefined out', () => {
    const dialect = createDialect('obj');
    expect(dialect.obj({ nome: 'Ana', nomeSocial: undefined, complemento: null })).toEqual({
      [dialect.key('nome')]: 'Ana',
      complemento: null,
    });
  });

  it('writes birth dates as dd/mm/yyyy under DT_NASCIMENTO and ISO otherwise', () => {
    for (let index = 0; index < 30; index += 1) {
      const dialect = createDialect(`birth-${index}`);
      const written = dialect.birth(dayOf('1985-03-09'));
      expect(written).toBe(dialect.key('nasc') === 'DT_NASCIMENTO' ? '09/03/1985' : '1985-03-09');
    }
  });
});

describe('docs/demo-provider.md', () => {
  it('lists every spelling of every key', () => {
    const missing = fields.flatMap((field) =>
      FIELD_VARIANTS[field].filter((spelling) => !docs.includes(`\`${spelling}\``)),
    );
    expect(missing).toEqual([]);
  });

  it('lists every endpoint', () => {
    const missing = [...Object.keys(DEMO_LOOKUPS), 'falha', 'lento', 'texto'].filter(
      (segment) => !docs.includes(`/demo-api/${segment}/`),
    );
    expect(missing).toEqual([]);
  });
});
