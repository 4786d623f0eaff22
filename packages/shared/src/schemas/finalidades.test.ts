import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import { configureZod } from '../zod-config.ts';
import { createPurposeSchema, justificationSchema, lookupPurposeIdSchema } from './finalidades.ts';
import { revealLookupSchema } from './modules.ts';

beforeAll(configureZod);

const nameOf = (nome: string) => createPurposeSchema.safeParse({ nome, base_legal: 'X' });

describe('a purpose name as a person means it', () => {
  it('is one name however the keyboard composed it or whatever spaces it carries', () => {
    const seeded = 'Análise de crédito';
    for (const typed of [
      'Ana\u0301lise de cre\u0301dito', // accents as separate marks (NFD)
      'Análise\u00a0de crédito', // a no-break space
      'Análise de\u200b crédito', // a zero-width space
      '  Análise   de\tcrédito \ufeff', // runs of spaces, a tab, a byte-order mark
    ]) {
      expect(nameOf(typed).data?.nome).toBe(seeded);
    }
  });

  it("refuses the name lists give lookups without a purpose, 'Sem finalidade', in any case", () => {
    for (const nome of ['Sem finalidade', 'SEM FINALIDADE', ' sem\u00a0finalidade ']) {
      expect(nameOf(nome).error?.issues.map((issue) => issue.message)).toEqual([
        messages.purposeNameReserved,
      ]);
    }
    expect(nameOf('Sem finalidade comercial').success).toBe(true);
  });

  it('refuses a name of nothing but invisible or blank-looking characters as missing', () => {
    for (const blank of ['\u200b\u200b\u00a0', '\u3164', '\u115f', '\u2800', '\u034f', '\u0301']) {
      expect(nameOf(blank).error?.issues[0]?.message, JSON.stringify(blank)).toBe(
        messages.purposeNameRequired,
      );
    }
  });
});

describe('a justification', () => {
  it('of invisible characters alone is none, and cannot justify a reveal', () => {
    const invisible = '\u200b'.repeat(12);
    expect(justificationSchema.parse(invisible)).toBeNull();
    expect(revealLookupSchema.safeParse({ justificativa: invisible }).error?.issues[0]?.message).toBe(
      messages.revealJustificationShort,
    );
    expect(revealLookupSchema.parse({ justificativa: 'Pedido\u200b de crédito 42' }).justificativa).toBe(
      'Pedido de crédito 42',
    );
  });
});

describe('the purpose of a lookup', () => {
  it('is an id as a number or as its digits, as modulo_id is', () => {
    expect(lookupPurposeIdSchema.parse(3)).toBe(3);
    expect(lookupPurposeIdSchema.parse('3')).toBe(3);
    for (const bad of ['', ' 3', '3.0', '1e0', 0, -1, 'abc']) {
      expect(lookupPurposeIdSchema.safeParse(bad).error?.issues[0]?.message).toBe(messages.purposeRequired);
    }
  });
});
