import { describe, expect, it } from 'vitest';
import { expiredResultText, resultRetention } from './retention.ts';

describe('result retention', () => {
  const now = Date.parse('2026-11-24T12:00:00.000Z');

  it('keeps a result until its expiry and calls it erased from that instant on', () => {
    expect(resultRetention('2026-12-24T12:00:00.000Z', now)).toEqual({
      kind: 'kept',
      until: '2026-12-24T12:00:00.000Z',
    });
    expect(resultRetention('2026-11-24T12:00:00.000Z', now)).toEqual({ kind: 'erased' });
    expect(resultRetention('2026-10-01T00:00:00.000Z', now)).toEqual({ kind: 'erased' });
  });

  it('says nothing for a lookup that brought no result', () => {
    expect(resultRetention(null, now)).toEqual({ kind: 'none' });
    expect(resultRetention('not a date', now)).toEqual({ kind: 'none' });
  });

  it('reads the retention in days, singular for one', () => {
    expect(expiredResultText(30)).toBe('Resultado expirado (retenção de 30 dias)');
    expect(expiredResultText(1)).toBe('Resultado expirado (retenção de 1 dia)');
  });
});
