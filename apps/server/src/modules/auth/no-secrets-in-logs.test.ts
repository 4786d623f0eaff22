import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, login, newCaptchaId, TEST_CAPTCHA, testEnv } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('logs', () => {
  it('carry request lines but never a password, its hash, a token or an API key', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      env: testEnv({ LOG_LEVEL: 'trace' }),
      database,
      logStream,
      rateLimitNamespace: 'logs',
    });
    try {
      const senha = 'Senha-Secreta-Unica-123';
      const register = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'user-agent': 'teste' },
        payload: {
          nome: 'Log',
          email: 'log@teste.local',
          senha,
          captcha_id: await newCaptchaId(app),
          captcha_answer: TEST_CAPTCHA,
        },
      });
      const { token } = register.json();
      await app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${token}` } });
      const created = await app.inject({
        method: 'POST',
        url: '/api/profile/api-keys',
        headers: { authorization: `Bearer ${token}` },
        payload: { nome: 'Chave do log' },
      });
      const apiKey: string = created.json().chave;
      await app.inject({ method: 'GET', url: '/api/profile', headers: { 'x-api-key': apiKey } });
      await app.inject({ method: 'GET', url: '/api/users', headers: { 'x-api-key': apiKey } });
      // Put in the address by mistake, it is hidden from the request line too.
      await app.inject({ method: 'GET', url: `/api/profile?api_key=${apiKey}` });
      await login(app, 'log@teste.local', 'Outra-Senha-Errada-456');
      await login(app, 'log@teste.local', senha);
      const [row] = await database.db.select().from(users).where(eq(users.email, 'log@teste.local'));

      const output = lines.join('');
      expect(output).toContain('"url":"/api/auth/login"');
      expect(output).toContain('"statusCode":401');
      expect(apiKey).toMatch(/^pk_/);
      for (const secret of [
        senha,
        'Outra-Senha-Errada-456',
        row!.senhaHash,
        token,
        token.split('.')[2]!,
        apiKey,
      ]) {
        expect(output).not.toContain(secret);
      }
      expect(output).not.toMatch(/\$argon2/);
    } finally {
      await app.close();
    }
  });
});
