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
});
