// The panel as `npm start` runs it, for the benchmarks that measure what it sends (bench:web,
// bench:lighthouse): the web app built into a folder, the compiled server (rebuilt when older than its
// sources, as `npm start` does), listening on 127.0.0.1 with a data folder of its own that is removed
// when the server stops.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { root, SERVER_BUILD, staleSince } from './builds.mjs';

const web = join(root, 'apps/web');
const serverEntry = join(root, SERVER_BUILD.output);

/** WEB_DIST_DIR, or apps/web/dist: where the benchmarks build the web app and the server serves it from. */
export const webDist = process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : join(web, 'dist');

/** Builds the web app into `dist`, unless BENCH_NO_BUILD is set (to measure the build already there). */
export function buildWeb(dist = webDist) {
  if (process.env.BENCH_NO_BUILD) return;
  const build = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
    cwd: web,
    stdio: 'ignore',
  });
  if (build.status !== 0) throw new Error('web build failed');
}

/** The compiled server, built again when older than its sources (as `npm start` does). */
function buildServerIfStale() {
  if (staleSince(SERVER_BUILD) === null) return;
  const [command, args] = SERVER_BUILD.build;
  const build = spawnSync(command, args, { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('server build failed');
}

/** BENCH_PORT, or a port the system says is free on 127.0.0.1. */
async function choosePort() {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT);
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/**
 * Starts the compiled server on the web build in `dist`; resolves once /api/health answers.
 * `env` adds to the server's environment (the admin's password, the captcha test answer…).
 * Returns the origin and stop(), which ends that server (by its pid) and removes its data.
 */
export async function startPanel({ dist = webDist, env = {} } = {}) {
  buildServerIfStale();
  const port = await choosePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'painel-bench-'));
  // The embedded database in the temporary folder, whatever the shell points at.
  const { DATABASE_URL, REDIS_URL, ...inherited } = process.env;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: dist,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const leftRunning = () => child.kill('SIGTERM');
  process.once('exit', leftRunning);

  const stop = async () => {
    process.off('exit', leftRunning);
    if (!exited) {
      const gone = new Promise((done) => child.once('exit', done));
      process.kill(child.pid, 'SIGTERM');
      await gone;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error('the server stopped before answering');
    }
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer /api/health within 60 s');
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  return { origin, stop };
}
