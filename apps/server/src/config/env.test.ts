import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_DOCUMENT_HASH_SECRET, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('gives the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', NODE_ENV: 'development', JWT_TTL_HOURS: 12 });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it('serves metrics by default, to loopback callers unless METRICS_TOKEN (16 characters or more) is set', () => {
    expect(parseEnv({}).METRICS_ENABLED).toBe(true);
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_ENABLED: 'false' }).METRICS_ENABLED).toBe(false);
    expect(parseEnv({ METRICS_ENABLED: '0' }).METRICS_ENABLED).toBe(false);
    expect(parseEnv({ METRICS_ENABLED: '1', METRICS_TOKEN: 't'.repeat(16) })).toMatchObject({
      METRICS_ENABLED: true,
      METRICS_TOKEN: 't'.repeat(16),
    });
    expect(() => parseEnv({ METRICS_ENABLED: 'yes', METRICS_TOKEN: 'curto' })).toThrow(
      /METRICS_ENABLED[\s\S]*METRICS_TOKEN: must have at least 16 characters/,
    );
  });

  it('names every bad variable at once', () => {
    expect(() => parseEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', REDIS_URL: 'http://y' })).toThrow(
      /PORT[\s\S]*DATABASE_URL[\s\S]*REDIS_URL/,
    );
  });

  it('refuses production without JWT_SECRET or DOCUMENT_HASH_SECRET, and any test switch in production', () => {
    const secrets = { JWT_SECRET: 'x'.repeat(40), DOCUMENT_HASH_SECRET: 'y'.repeat(32) };
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET: is required[\s\S]*DOCUMENT_HASH_SECRET: is required/,
    );
    expect(() => parseEnv({ NODE_ENV: 'production', JWT_SECRET: secrets.JWT_SECRET })).toThrow(
      /DOCUMENT_HASH_SECRET: is required/,
    );
    expect(() => parseEnv({ NODE_ENV: 'production', ...secrets, CAPTCHA_TEST_ANSWER: 'ABC' })).toThrow(
      /CAPTCHA_TEST_ANSWER/,
    );
    expect(parseEnv({ NODE_ENV: 'production', ...secrets })).toMatchObject({
      NODE_ENV: 'production',
      DOCUMENT_HASH_SECRET: secrets.DOCUMENT_HASH_SECRET,
    });
  });

  it('keys the titulares index with DOCUMENT_HASH_SECRET, at least 32 characters; a fixed key outside production', () => {
    expect(() => parseEnv({ DOCUMENT_HASH_SECRET: 'curta-demais' })).toThrow(
      /DOCUMENT_HASH_SECRET: must have at least 32 characters/,
    );
    expect(parseEnv({ DOCUMENT_HASH_SECRET: 'k'.repeat(32) }).DOCUMENT_HASH_SECRET).toBe('k'.repeat(32));
    expect(parseEnv({}).DOCUMENT_HASH_SECRET).toBe(DEVELOPMENT_DOCUMENT_HASH_SECRET);
    expect(parseEnv({ NODE_ENV: 'test' }).DOCUMENT_HASH_SECRET).toBe(DEVELOPMENT_DOCUMENT_HASH_SECRET);
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
