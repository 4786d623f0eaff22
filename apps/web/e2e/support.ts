import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_CAPTCHA } from '../playwright.config.ts';

let counter = 0;
export function uniqueEmail(prefix = 'pessoa'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@e2e.local`;
}

/** Fills the login form as a person would and submits it. */
export async function signInThroughForm(page: Page, email: string, senha: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await expect(page.getByRole('img', { name: /captcha/i })).toBeVisible();
  await page.getByLabel('Captcha').fill(E2E_CAPTCHA.toLowerCase());
  await page.getByRole('button', { name: 'Entrar no sistema' }).click();
}

/** Signs an account in through the API (the e2e server accepts the test captcha answer). */
export async function apiToken(request: APIRequestContext, email: string, senha: string): Promise<string> {
  const { id } = (await (await request.get('/api/captcha')).json()) as { id: string };
  const login = await request.post('/api/auth/login', {
    data: { email, senha, captcha_id: id, captcha_answer: E2E_CAPTCHA },
  });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

/** Signs the seeded admin in through the API. */
export function adminToken(request: APIRequestContext): Promise<string> {
  return apiToken(request, E2E_ADMIN.email, E2E_ADMIN.senha);
}

/** A usuario with 30 days of access and credits, created by the admin (POST /api/users). */
export async function createSubscriber(request: APIRequestContext, creditos: number) {
  const token = await adminToken(request);
  const account = {
    nome: 'Assinante Consulta',
    email: uniqueEmail('assinante'),
    senha: 'senha-e2e-assinante',
  };
  const response = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...account, tipo: 'usuario', creditos, dias_ativos: 30 },
  });
  expect(response.status()).toBe(201);
  return account;
}

/** The seeded purpose the specs' lookups name (docs/product/purposes.md#the-purposes). */
export const E2E_PURPOSE = 'Análise de crédito';

/**
 * One 'CPF Completo' lookup of `cpf` on the demo provider, through the API with a signed-in account's
 * `headers`, naming the active purpose called `purpose`. Specs that need lookups behind a screen run
 * them so, before the page signs in.
 */
export async function lookUpCpfThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  { cpf = '12345678909', purpose = E2E_PURPOSE }: { cpf?: string; purpose?: string } = {},
): Promise<void> {
  const purposes = await request.get('/api/finalidades', { headers });
  const chosen = (
    (await purposes.json()) as { finalidades: { id: number; nome: string }[] }
  ).finalidades.find((candidate) => candidate.nome === purpose);
  const modules = await request.get('/api/modulos/ativos', { headers });
  const module = ((await modules.json()) as { modulos: { id: number; nome: string }[] }).modulos.find(
    (candidate) => candidate.nome === 'CPF Completo',
  );
  expect(chosen && module).toBeTruthy();
  const lookup = await request.post('/api/consultas', {
    headers,
    data: { modulo_id: module?.id, input: { cpf: cpf.replace(/\D/g, '') }, finalidade_id: chosen?.id },
  });
  expect(lookup.ok(), await lookup.text()).toBe(true);
}

/**
 * Chooses the lookup's purpose on the query screen, which a lookup needs while `exigir_finalidade`
 * is on (its default). Waits for the list; `scope` may be the quick panel ('Nova Consulta Rápida').
 */
export async function choosePurpose(scope: Page | Locator, nome = E2E_PURPOSE): Promise<void> {
  await scope.getByRole('combobox', { name: 'Finalidade' }).first().selectOption({ label: nome });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };
export const WIDTHS = [PHONE, DESKTOP] as const;
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
export const BLOCKING = new Set(['serious', 'critical']);

/** Waits for finite animations (a dialog fading in, a toast) so colours are read at rest. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/**
 * Serious and critical WCAG A/AA violations of the page (or of `within`) at 390 and 1280 px, one
 * line each; the page is left at 1280 px.
 */
export async function axeFindings(page: Page, label: string, within?: string): Promise<string[]> {
  const findings: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settle(page);
    const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
    if (within) builder.include(within);
    const { violations } = await builder.analyze();
    for (const violation of violations) {
      if (!BLOCKING.has(violation.impact ?? '')) continue;
      for (const node of violation.nodes) {
        findings.push(`[${label} · ${size.width}px] ${violation.id} ${node.target.join(' ')}`);
      }
    }
  }
  await page.setViewportSize(DESKTOP);
  return findings;
}
