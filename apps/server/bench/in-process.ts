/**
 * What the in-process benchmarks (bench:admin, bench:users) share: the app built on a throw-away
 * PostgreSQL database, signing in through it, and timing one GET.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { parseEnv } from '../src/config/env.ts';
import { summarize } from './stats.ts';

const CAPTCHA = 'BENCH';
export const BENCH_ADMIN = { email: 'admin@painel.local', senha: 'bench-admin' };

async function onServer(adminUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export interface BenchApp {
  app: FastifyInstance;
  /** The throw-away database, for seeding it directly. */
  url: string;
  /** Closes the app and drops its database. */
  close(): Promise<void>;
}

/** A database named `<prefix>_<random>` on adminUrl's server, migrated and seeded by the app built on it. */
export async function openBenchApp(adminUrl: string, prefix: string): Promise<BenchApp> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await onServer(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = () => onServer(adminUrl, `drop database if exists ${name} with (force)`);
  let app: FastifyInstance;
  try {
    app = await buildApp({
      env: parseEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        DATABASE_URL: url.toString(),
        CAPTCHA_TEST_ANSWER: CAPTCHA,
        ADMIN_PASSWORD: BENCH_ADMIN.senha,
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123',
        AUTH_RATE_LIMIT_PER_IP: '100000',
        CAPTCHA_RATE_LIMIT_PER_IP: '100000',
        WEB_DIST_DIR: '/nonexistent',
      }),
    });
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    app,
    url: url.toString(),
    async close() {
      try {
        await app.close();
      } finally {
        await drop();
      }
    },
  };
}

export async function signIn(app: FastifyInstance, email: string, senha: string): Promise<string> {
  const captcha = (await app.inject({ method: 'GET', url: '/api/captcha' })).json<{ id: string }>();
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, senha, captcha_id: captcha.id, captcha_answer: CAPTCHA },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** p50/p95 of a GET through the app after five warm-up calls, with the first answer's body. */
export async function measureGet<T = unknown>(
  app: FastifyInstance,
  token: string,
  url: string,
  samples: number,
) {
  const call = async () => {
    const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  };
  const body = await call();
  for (let i = 0; i < 4; i += 1) await call();
  const latencies: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const t0 = performance.now();
    await call();
    latencies.push(performance.now() - t0);
  }
  return { ...summarize(latencies), body };
}
