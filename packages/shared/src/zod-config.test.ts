import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configureZod } from './zod-config.ts';

describe('configureZod', () => {
  configureZod();
  it('says a missing field is required, in Portuguese', () => {
    const result = z.object({ nome: z.string() }).safeParse({});
    expect(result.error?.issues[0]?.message).toBe('Campo obrigatório');
  });
  it('uses pt-BR defaults for other problems and keeps a schema’s own message', () => {
    const result = z.object({ n: z.number(), e: z.string().min(3, 'curto') }).safeParse({ n: 'x', e: 'a' });
    expect(result.error?.issues[0]?.message).toMatch(/^Entrada inválida/);
    expect(result.error?.issues[1]?.message).toBe('curto');
  });
});
