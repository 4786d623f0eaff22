import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { ADMIN, TEST_CAPTCHA, testEnv } from './harness.ts';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** SIGTERM, then SIGKILL if it has not ended within 15 s; nothing if it already ended. */
  stop(): Promise<void>;
}

/**
 * `node --import tsx src/server.ts` on a PostgreSQL database, as production runs it: one process,
 * so SIGKILL ends the server itself (the crash tests). `env` adds to or overrides its settings.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const test = testEnv();
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: repositoryRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl,
      JWT_SECRET: test.JWT_SECRET,
      DOCUMENT_HASH_SECRET: test.DOCUMENT_HASH_SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.senha,
      CAPTCHA_TEST_ANSWER: TEST_CAPTCHA,
      WEB_DIST_DIR: '/nonexistent-web-dist',
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
      ...env,
    },
  });
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) resolve(listening[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`server process exited (${code}):\n${output}`)));
  });
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  return {
    child,
    baseUrl,
    async stop() {
      if (ended()) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
