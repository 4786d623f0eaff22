import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.ts';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';

describe('token service', () => {
  afterEach(() => vi.useRealTimers());

  it('round-trips claims and refuses a token signed with another secret', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.sign({ userId: 7, sessionId: 's-1' }, new Date(Date.now() + 60_000));
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: 's-1' });
    const forged = await createTokenService(`${secret}-other`).sign(
      { userId: 7, sessionId: 's-1' },
      new Date(Date.now() + 60_000),
    );
    await expect(tokens.verify(forged)).rejects.toMatchObject({ code: 'INVALID_TOKEN', statusCode: 401 });
  });

  it('a token verified once still expires on time (TokenExpiredError, 403)', async () => {
    const tokens = createTokenService(secret);
    const token = await tokens.sign({ userId: 7, sessionId: 's-1' }, new Date(Date.now() + 60_000));
    await tokens.verify(token);
    vi.useFakeTimers({ now: Date.now() + 61_000 });
    await expect(tokens.verify(token)).rejects.toMatchObject({
      code: 'TOKEN_EXPIRED',
      statusCode: 403,
      extras: { errorType: 'TokenExpiredError' },
    });
  });
});
