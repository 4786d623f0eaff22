import { mkdirSync, readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import {
  apiToken,
  axeFindings,
  createSubscriber,
  DESKTOP,
  E2E_PURPOSE,
  lookUpCpfThroughApi,
  PHONE,
  settle,
  signInThroughForm,
  WIDTHS,
} from './support.ts';

/**
 * Issue 18, 'Quem me consultou' (docs/product/titulares.md#tela): after a subscriber looks a CPF up
 * through the API, the admin's /admin/titulares finds that lookup by the CPF typed with or without
 * punctuation, at 390 and 1280 px, with its purpose and legal basis, and downloads the titular's
 * report as a PDF; the screen passes axe in both themes. A usuario has no link and no way in.
 */

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
/** A synthetic CPF no other spec looks up, so its lookups are this spec's alone. */
const CPF = '286.915.403-89';

mkdirSync(SHOTS, { recursive: true });

/** One 'CPF Completo' lookup of CPF on the demo provider, run by a new subscriber, naming the seeded purpose. */
async function lookUpCpf(request: APIRequestContext) {
  const account = await createSubscriber(request, 10);
  const headers = { Authorization: `Bearer ${await apiToken(request, account.email, account.senha)}` };
  await lookUpCpfThroughApi(request, headers, { cpf: CPF, purpose: E2E_PURPOSE });
  return account;
}

async function searchFor(page: Page, documento: string) {
  const field = page.getByLabel('CPF ou CNPJ do titular');
  await field.fill(documento);
  await page.getByRole('button', { name: 'Buscar' }).click();
}

async function shoot(page: Page, theme: 'light' | 'dark') {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/tit-${theme}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

test('the admin finds who looked a CPF up, on a phone and a desktop, and downloads the report', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const subscriber = await lookUpCpf(request);

  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.senha);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin/logs');
  await page
    .getByRole('navigation', { name: 'Administração' })
    .getByRole('link', { name: 'Titulares' })
    .click();
  await expect(page).toHaveURL(/\/admin\/titulares$/);
  await expect(page).toHaveTitle('Titulares · Painel Consulta');
  await expect(page.getByRole('heading', { level: 1, name: 'Titulares' })).toBeVisible();

  // What is no CPF is refused under the field.
  await searchFor(page, '123.456.789-00');
  await expect(page.getByText('Informe um CPF ou CNPJ válido')).toBeVisible();

  // With and without punctuation, on a phone and a desktop: the lookup, with its purpose.
  const row = page.getByRole('row', { name: new RegExp(`${subscriber.nome} · CPF Completo`) });
  for (const size of WIDTHS) {
    for (const documento of [CPF, CPF.replace(/\D/g, '')]) {
      await page.setViewportSize(size);
      await searchFor(page, documento);
      await expect(page.getByText('1 consulta encontrada')).toBeVisible();
      await expect(row).toContainText(E2E_PURPOSE);
      await expect(row).toContainText('Proteção do crédito (art. 7º, X)');
      await expect(row).toContainText(subscriber.email);
      await expect(row).toContainText(/Até \d{2}\/\d{2}\/\d{4}/);
    }
    if (size === PHONE) {
      await expect(page.getByRole('columnheader', { name: 'Quando' })).toBeHidden();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      for (const name of ['Buscar', 'Baixar relatório (PDF)']) {
        const box = await page.getByRole('button', { name }).boundingBox();
        expect(box?.height, name).toBeGreaterThanOrEqual(36);
      }
    }
  }

  // The titular's report, built in the browser.
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Baixar relatório (PDF)' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^relatorio-titular-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = readFileSync(await pdf.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.toString('latin1')).not.toContain(CPF.replace(/\D/g, ''));

  const findings = await axeFindings(page, 'light');
  await shoot(page, 'light');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await searchFor(page, CPF);
  await expect(row).toBeVisible();
  findings.push(...(await axeFindings(page, 'dark')));
  await shoot(page, 'dark');

  // A CPF nobody looked up says so.
  await searchFor(page, '111.444.777-35');
  await expect(page.getByText('Nenhuma consulta encontrada para este documento')).toBeVisible();
  findings.push(...(await axeFindings(page, 'dark, empty')));
  await page.emulateMedia({ colorScheme: 'light' });
  expect(findings, findings.join('\n')).toEqual([]);

  // Each search is in the audit trail, the document masked.
  await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Logs' }).click();
  await expect(page.getByText('Consultas de um titular pesquisadas').first()).toBeVisible();
});

test('a usuario has no Titulares link and is sent back from /admin/titulares', async ({ page, request }) => {
  const account = await createSubscriber(request, 1);
  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, account.email, account.senha);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Titulares' })).toHaveCount(0);

  await page.goto('/admin/titulares');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Titulares' })).toHaveCount(0);
  await expect(page.getByLabel('CPF ou CNPJ do titular')).toHaveCount(0);
});
