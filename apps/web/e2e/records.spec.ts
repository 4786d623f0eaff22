import { mkdirSync, readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import {
  adminToken,
  apiToken,
  axeFindings,
  createSubscriber,
  DESKTOP,
  lookUpCpfThroughApi,
  PHONE,
  settle,
  signInThroughForm,
  uniqueEmail,
  WIDTHS,
} from './support.ts';

/**
 * Issue 18, records of processing (LGPD art. 37): after a reseller's client and a direct user run
 * lookups naming purposes, the admin's /admin/registros shows them per module and purpose, with the
 * reseller and 'Direto'; the CSV and the PDF download; the screen passes axe in both themes at 390
 * and 1280 px, and the reading is in the audit trail.
 */

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const CSV_HEADER = '\uFEFFMódulo;Finalidade;Base legal;Consultas;Usuários;Revendedores;Retenção (dias)';

mkdirSync(SHOTS, { recursive: true });

/** The Authorization header of an account signed in through the API. */
async function bearer(request: APIRequestContext, email: string, senha: string) {
  return { Authorization: `Bearer ${await apiToken(request, email, senha)}` };
}

/** One CPF lookup on the demo provider naming the purpose `purpose`. */
function runLookup(request: APIRequestContext, headers: Record<string, string>, purpose: string) {
  return lookUpCpfThroughApi(request, headers, { purpose });
}

/**
 * A reseller (named `reseller`) whose client runs a 'Prevenção a fraudes' lookup, and a user of the
 * admin's own runs an 'Análise de crédito' one. Done through the API before the admin's page signs
 * in: signing the admin in through the API would end the page's session.
 */
async function runLookupsWithPurposes(request: APIRequestContext, reseller: string) {
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const resellerAccount = { nome: reseller, email: uniqueEmail('revenda'), senha: 'senha-e2e-revenda' };
  const created = await request.post('/api/users', {
    headers: admin,
    data: { ...resellerAccount, tipo: 'revendedor', creditos: 20, dias_ativos: 30 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const resellerHeaders = await bearer(request, resellerAccount.email, resellerAccount.senha);
  const client = { nome: 'Cliente da Revenda', email: uniqueEmail('cliente'), senha: 'senha-e2e-cliente' };
  const clientCreated = await request.post('/api/users', {
    headers: resellerHeaders,
    data: { ...client, tipo: 'usuario', creditos: 10, dias_ativos: 30 },
  });
  expect(clientCreated.status(), await clientCreated.text()).toBe(201);
  await runLookup(request, await bearer(request, client.email, client.senha), 'Prevenção a fraudes');

  const direct = await createSubscriber(request, 10);
  await runLookup(request, await bearer(request, direct.email, direct.senha), 'Análise de crédito');
}

async function shoot(page: Page, theme: 'light' | 'dark') {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/s8-records-${theme}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

test('the admin reads the record of processing of the month, downloads it as CSV and PDF', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const reseller = `Revenda Registro ${Date.now()}`;
  await runLookupsWithPurposes(request, reseller);

  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.senha);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin/logs');
  await page
    .getByRole('navigation', { name: 'Administração' })
    .getByRole('link', { name: 'Registros de tratamento' })
    .click();
  await expect(page).toHaveURL(/\/admin\/registros$/);
  await expect(page).toHaveTitle('Registros de tratamento · Painel Consulta');
  await expect(page.getByRole('heading', { level: 1, name: 'Registros de tratamento' })).toBeVisible();

  // The current month, both fields filled; the lookups above in their module and purpose.
  const start = await page.getByLabel('Data inicial').inputValue();
  const end = await page.getByLabel('Data final').inputValue();
  expect(start).toMatch(/^\d{4}-\d{2}-01$/);
  expect(end.slice(0, 7)).toBe(start.slice(0, 7));
  const fraud = page.getByRole('row', { name: 'CPF Completo · Prevenção a fraudes', exact: true });
  await expect(fraud).toContainText('Interesse legítimo (art. 7º, IX)');
  await expect(fraud).toContainText(`${reseller} (1)`);
  const credit = page.getByRole('row', { name: 'CPF Completo · Análise de crédito', exact: true });
  await expect(credit).toContainText('Proteção do crédito (art. 7º, X)');
  await expect(credit).toContainText(/Direto \(\d+\)/);
  const [day, month, year] = [start.slice(8), start.slice(5, 7), start.slice(0, 4)];
  await expect(page.getByText(`Período: ${day}/${month}/${year} a `)).toBeVisible();

  // The CSV from the server: its name, the pt-BR header, the reseller's line.
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`registro-tratamento-${start}-a-${end}.csv`);
  const csvText = readFileSync(await csv.path(), 'utf8');
  const lines = csvText.split('\r\n');
  expect(lines[0]).toBe(CSV_HEADER);
  expect(lines).toContainEqual(
    expect.stringMatching(
      new RegExp(
        `^CPF Completo;Prevenção a fraudes;Interesse legítimo \\(art\\. 7º, IX\\);\\d+;\\d+;.*${reseller} \\(1\\)`,
      ),
    ),
  );

  // The PDF built in the browser.
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`registro-tratamento-${start}-a-${end}.pdf`);
  expect(
    readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // On a phone the rows are cards, the buttons 44 px targets, nothing runs off the side.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('columnheader', { name: 'Módulo' })).toBeHidden();
  await expect(fraud).toContainText('Consultas:');
  for (const name of ['Baixar CSV', 'Baixar PDF', 'Aplicar']) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box?.height, name).toBeGreaterThanOrEqual(44);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);

  const findings = await axeFindings(page, 'light');
  await shoot(page, 'light');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(fraud).toBeVisible();
  findings.push(...(await axeFindings(page, 'dark')));
  await shoot(page, 'dark');

  // A period without lookups says so.
  await page.getByLabel('Data inicial').fill('2020-01-01');
  await page.getByLabel('Data final').fill('2020-01-31');
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page).toHaveURL(/\?de=2020-01-01&ate=2020-01-31$/);
  await expect(page.getByText('Nenhuma consulta no período')).toBeVisible();
  findings.push(...(await axeFindings(page, 'dark, empty')));
  await page.emulateMedia({ colorScheme: 'light' });
  expect(findings, findings.join('\n')).toEqual([]);

  // Each reading is in the audit trail.
  await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Logs' }).click();
  await expect(page.getByText('Registro das operações de tratamento exportado').first()).toBeVisible();
});
