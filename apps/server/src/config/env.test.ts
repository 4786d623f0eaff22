import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('gives the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development', JWT_TTL_HOURS: 12 });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it('names every bad variable at once', () => {
    expect(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://y' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*REDIS_URL/,
    );
  });

  it('refuses production without JWT_SECRET, and any test switch in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: is required/);
    expect(() =>
      parseEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), CAPTCHA_TEST_ANSWER: 'ABC' }),
    ).toThrow(/CAPTCHA_TEST_ANSWER/);
    expect(parseEnv({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).NODE_ENV).toBe('production');
  });

  it('reads UPSTREAM_ALLOWED_HOSTS as host and port pairs; a bare host has no port of its own', () => {
    expect(parseEnv({}).UPSTREAM_ALLOWED_HOSTS).toEqual([]);
    expect(
      parseEnv({
        UPSTREAM_ALLOWED_HOSTS: ' Provedor.Interno:8443 , dados.interno., 10.0.0.5:80,[FD00::1]:9000, ::1 ,,',
      }).UPSTREAM_ALLOWED_HOSTS,
    ).toEqual([
      { host: 'provedor.interno', port: 8443 },
      { host: 'dados.interno', port: null },
      { host: '10.0.0.5', port: 80 },
      { host: 'fd00::1', port: 9000 },
      { host: '::1', port: null },
    ]);
  });

  it.each([
    ['provedor:0'],
    ['provedor:65536'],
    ['provedor:http'],
    ['http://provedor'],
    ['a b'],
    ['user@provedor'],
  ])('refuses UPSTREAM_ALLOWED_HOSTS entry %j, naming the variable', (entry) => {
    expect(() => parseEnv({ UPSTREAM_ALLOWED_HOSTS: `ok.interno:80,${entry}` })).toThrow(
      /UPSTREAM_ALLOWED_HOSTS/,
    );
  });
});
