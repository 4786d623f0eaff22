import { describe, expect, it } from 'vitest';
import { testEnv } from '../../../test/harness.ts';
import { payingUser, useTestApp } from '../../../test/use-test-app.ts';
import { caller } from '../../../test/users-fixtures.ts';

/**
 * Behind a proxy (TRUST_PROXY), the client's address is the nearest hop the panel's own proxies
 * wrote into X-Forwarded-For, never the left end, which the client writes itself: a key's address
 * list cannot be passed by forging the header (docs/product/api-keys.md#restrictions).
 */
describe('TRUST_PROXY', () => {
  it('reads false, a number of hops, true as one hop, or proxy addresses, and refuses anything else', () => {
    expect(testEnv({}).TRUST_PROXY).toBe(false);
    expect(testEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(testEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(testEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(testEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(() => testEnv({ TRUST_PROXY: 'yes please' })).toThrow();
  });

  for (const setting of ['true', '127.0.0.1']) {
    describe(`set to ${setting}`, () => {
      const test = useTestApp({ TRUST_PROXY: setting });

      it("believes only the hop its proxy wrote, so a forged header cannot pass a key's address list", async () => {
        const user = await payingUser(test, 0);
        const made = await caller(test.app)('POST', '/api/profile/api-keys', user.headers, {
          nome: 'Só do escritório',
          ips: ['10.9.9.9'],
        });
        const key = made.json<{ chave: string }>().chave;
        const from = (forwarded: string) =>
          test.app.inject({
            method: 'GET',
            url: '/api/profile',
            remoteAddress: '127.0.0.1',
            headers: { 'x-api-key': key, 'x-forwarded-for': forwarded },
          });
        // The client wrote 10.9.9.9; the proxy appended the address it really came from.
        expect((await from('10.9.9.9, 203.0.113.5')).statusCode).toBe(403);
        expect((await from('203.0.113.5, 10.9.9.9')).statusCode).toBe(200);
        expect((await from('10.9.9.9')).statusCode).toBe(200);
      });
    });
  }
});
