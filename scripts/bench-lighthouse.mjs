// npm run bench:lighthouse — Lighthouse (mobile emulation, its default simulated throttling) on the
// panel as `npm start` serves it: builds the web app, starts the compiled server on 127.0.0.1 with a
// temporary data folder, audits /login signed out, then signs the seeded admin in (the session put in
// localStorage where apps/web/src/lib/session.ts keeps it) and audits the signed-in pages. Prints
// performance, accessibility, best practices, FCP and LCP per route (the median run by performance
// when BENCH_RUNS > 1) beside the targets; asserts nothing. Traffic goes to 127.0.0.1 only.
// WEB_DIST_DIR=/tmp/x builds into that folder instead of apps/web/dist (BENCH_NO_BUILD=1: audits the
// build already there); BENCH_PORT picks the port;
// CHROMIUM_PATH the browser (/usr/bin/chromium); BENCH_REPORTS=/tmp/y keeps each run's JSON report there;
// BENCH_ROUTES=/login,/planos audits only those routes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildWeb, startPanel } from './built-panel.mjs';

const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const admin = { email: 'admin@bench.local', senha: 'bench-admin-123' };
const captchaAnswer = 'TESTE';
const only = process.env.BENCH_ROUTES?.split(',');
const wanted = (route) => !only || only.includes(route);
const targets = { performance: 95, accessibility: 100, lcpOnLoginMs: 2000 };

async function api(origin, path, { token, body } = {}) {
  const response = await fetch(`${origin}/api${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Signs the seeded admin in through the API (the captcha's test answer is on) and picks a demo module. */
async function signInAdmin(origin) {
  const { id: captchaId } = await api(origin, '/captcha');
  const session = await api(origin, '/auth/login', {
    body: { ...admin, captcha_id: captchaId, captcha_answer: captchaAnswer },
  });
  const modules = await api(origin, '/modulos/ativos', { token: session.token });
  const list = Array.isArray(modules) ? modules : (modules.items ?? modules.modulos ?? []);
  if (!list[0]) throw new Error('no demo module to open at /consulta/:id');
  return { session, moduleId: list[0].id };
}

/** One Lighthouse run; a run whose trace came out broken (NO_NAVSTART, NO_FCP…) is tried twice more. */
async function audit(page, url, attempt = 1) {
  const result = await lighthouse(
    url,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    },
    undefined,
    page,
  );
  const { categories, audits, runtimeError, finalDisplayedUrl } = result.lhr;
  if (runtimeError) {
    if (attempt < 3) return audit(page, url, attempt + 1);
    throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  }
  // A signed-in page that sent the browser back to /login would be measuring the wrong page.
  if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended at ${finalDisplayedUrl}`);
  }
  if (process.env.BENCH_REPORTS) {
    mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root';
    writeFileSync(join(process.env.BENCH_REPORTS, `${name}-${Date.now()}.json`), result.report);
  }
  const score = (name) => Math.round((categories[name].score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: audits['first-contentful-paint'].numericValue,
    lcpMs: audits['largest-contentful-paint'].numericValue,
    failing: Object.values(audits)
      .filter((item) => item.score !== null && item.score < 0.9 && item.scoreDisplayMode !== 'informative')
      .map((item) => item.id),
  };
}

async function median(page, url) {
  const results = [];
  for (let run = 0; run < runs; run += 1) results.push(await audit(page, url));
  results.sort((a, b) => a.performance - b.performance);
  return results[Math.floor(results.length / 2)];
}

buildWeb();
const panel = await startPanel({
  env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.senha, CAPTCHA_TEST_ANSWER: captchaAnswer },
});
const rows = [];
let chrome;
try {
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();

  if (wanted('/login')) rows.push({ route: '/login', ...(await median(page, `${panel.origin}/login`)) });

  const { session, moduleId } = await signInAdmin(panel.origin);
  // Lighthouse clears the HTTP cache before each run but, by default, not localStorage.
  await page.goto(`${panel.origin}/robots.txt`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
  for (const [route, path] of [
    ['/', '/'],
    ['/consulta/:id', `/consulta/${moduleId}`],
    ['/planos', '/planos'],
    ['/admin/usuarios', '/admin/usuarios'],
  ]) {
    if (wanted(route)) rows.push({ route, ...(await median(page, `${panel.origin}${path}`)) });
  }
  await browser.disconnect();
} finally {
  await chrome?.kill();
  await panel.stop();
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`.padStart(7);
console.log(
  `\nbench:lighthouse — mobile, simulated throttling, ${runs === 1 ? 'one run' : `median of ${runs} runs`} per route`,
);
console.log(
  `  targets: performance ≥ ${targets.performance}, accessibility ${targets.accessibility}, LCP ≤ ${targets.lcpOnLoginMs / 1000} s on /login\n`,
);
console.log(`  ${'route'.padEnd(16)}  perf  a11y  best      FCP      LCP`);
for (const row of rows) {
  const marks = [
    row.performance < targets.performance ? 'perf under target' : '',
    row.accessibility < targets.accessibility ? 'a11y under target' : '',
    row.route === '/login' && row.lcpMs > targets.lcpOnLoginMs ? 'LCP over target' : '',
  ].filter(Boolean);
  console.log(
    `  ${row.route.padEnd(16)} ${String(row.performance).padStart(5)} ${String(row.accessibility).padStart(5)} ${String(row.bestPractices).padStart(5)} ${seconds(row.fcpMs)} ${seconds(row.lcpMs)}  ${marks.join(', ')}`,
  );
  if (row.failing.length) console.log(`  ${''.padEnd(16)} audits under 0.9: ${row.failing.join(', ')}`);
}
console.log('');
