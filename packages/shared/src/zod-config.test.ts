import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configureZod } from './zod-config.ts';

describe('configureZod', () => {
  configureZod();
  it('says a missing field is required, in Portuguese', () => {
    const result = z.object({ nome: z.string() }).safeParse({});
    expect(result.error?.issues[0]?.message).toBe('Campo obrigatório');
  });
  it('says a value of the wrong kind is not valid, in plain Portuguese, and keeps a schema’s own message', () => {
    const result = z.object({ n: z.number(), e: z.string().min(3, 'curto') }).safeParse({ n: 'x', e: 'a' });
    expect(result.error?.issues[0]?.message).toBe('Por favor, insira um valor válido');
    expect(result.error?.issues[1]?.message).toBe('curto');
    // ?page=abc and ?limit=1e309 reach a coerced number as NaN and Infinity.
    const page = z.object({ page: z.coerce.number().int(), limit: z.coerce.number().int() });
    const coerced = page.safeParse({ page: 'abc', limit: '1e309' });
    expect(coerced.error?.issues.map((issue) => issue.message)).toEqual([
      'Por favor, insira um valor válido',
      'Por favor, insira um valor válido',
    ]);
  });

  it('uses pt-BR defaults for other problems', () => {
    const result = z.object({ n: z.number().max(3) }).safeParse({ n: 5 });
    expect(result.error?.issues[0]?.message).toMatch(/^Grande demais/);
  });
});
