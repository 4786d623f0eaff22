import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Locator, type Page, type Route, test } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import {
  apiToken,
  axeFindings,
  choosePurpose,
  createSubscriber,
  DESKTOP,
  PHONE,
  settle,
  signInThroughForm,
} from './support.ts';

/**
 * Issue 20, batch lookups (docs/product/lotes.md#tela), against the real server: on a phone a
 * subscriber with credits sends a CSV for the demo 'CNPJ' module (R$ 1,00 a success), reads the
 * quote, confirms, follows it to 'Concluído' live, downloads the XLSX, and pays for the successes
 * only; on a desktop a pasted column is quoted and discarded, which cancels it. axe at both widths.
 */

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/lotes-real';
mkdirSync(SHOTS, { recursive: true });

/** The demo provider's credit module of one field, and its price in credits. */
const MODULE = 'CNPJ';
const PRICE = 1;
/** Synthetic CNPJs with valid check digits (masked and bare), and one whose check digits are wrong. */
const VALID_CNPJS = ['45.218.793/0001-58', '61830274000100', '73.941.526/0001-40'];
const WRONG_CNPJ = '28.495.617/0001-45';

async function shoot(page: Page, name: string, width: number) {
  // A full-page picture of a scrolled page draws the sticky header mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/lotes-${name}-${width}-${colorScheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The header's 'Créditos: N' as a number. */
async function headerCredits(page: Page): Promise<number> {
  const text = await page
    .getByRole('banner')
    .getByText(/^Créditos:/)
    .innerText();
  return Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
}

/** Fills 'Novo lote' up to the rows: the module and the seeded purpose. */
async function chooseModuleAndPurpose(page: Page) {
  const form = page.getByRole('region', { name: 'Novo lote' });
  await form.getByRole('combobox', { name: 'Módulo' }).selectOption({ label: MODULE });
  await expect(
    form.getByText('Primeira linha: cnpj (ou só a coluna de valores, sem cabeçalho)'),
  ).toBeVisible();
  await choosePurpose(form);
  return form;
}

function figure(scope: Locator, label: string) {
  return scope
    .locator('dl > div')
    .filter({ has: scope.page().getByText(label, { exact: true }) })
    .locator('dd');
}

test('on a phone a subscriber sends a CSV, confirms its quote, follows it live and downloads the XLSX', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const account = await createSubscriber(request, 10);
  await page.setViewportSize(PHONE);
  await signInThroughForm(page, account.email, account.senha);
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => headerCredits(page)).toBe(10);

  await page.getByRole('main').getByRole('link', { name: 'Consultar em lote' }).click();
  await expect(page).toHaveURL(/\/lotes$/);
  await expect(page).toHaveTitle('Lotes · Painel Consulta');
  await expect(page.getByRole('heading', { level: 1, name: 'Lotes' })).toBeVisible();
  await expect(page.getByText('Nenhum lote ainda. Envie um arquivo para começar.')).toBeVisible();

  const form = await chooseModuleAndPurpose(page);
  const csv = ['cnpj', VALID_CNPJS[0], VALID_CNPJS[1], '', WRONG_CNPJ, VALID_CNPJS[2]].join('\n');
  // 'Escolher arquivo' opens the system's file chooser, as a tap on a phone does.
  const chooser = page.waitForEvent('filechooser');
  await form.getByRole('button', { name: 'Escolher arquivo CSV ou XLSX' }).click();
  await (await chooser).setFiles({
    name: 'empresas.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${csv}\n`, 'utf8'),
  });
  await expect(form.getByText('empresas.csv')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await form.getByRole('button', { name: 'Enviar e cotar' }).click();

  // The quote: 4 rows read (the blank line skipped), 3 valid, line 5 refused by its check digits.
  const quote = page.getByRole('region', { name: /^Cotação do lote #\d+$/ });
  await expect(quote).toBeVisible();
  const id = Number((await quote.getByRole('heading', { level: 2 }).innerText()).replace(/\D/g, ''));
  await expect(page).toHaveURL(new RegExp(`/lotes\\?lote=${id}$`));
  await expect(quote).toContainText(`${MODULE} · empresas.csv`);
  await expect(figure(quote, 'Linhas')).toHaveText('4');
  await expect(figure(quote, 'Válidas')).toHaveText('3');
  await expect(figure(quote, 'Inválidas')).toHaveText('1');
  await expect(figure(quote, 'Custo máximo')).toHaveText('R$ 3,00 (3,00 créditos)');
  const invalid = quote.getByRole('region', { name: 'Linhas inválidas: tabela com rolagem' });
  await expect(invalid.getByRole('row')).toHaveCount(2);
  await expect(invalid.getByRole('row').nth(1)).toContainText(/^5\s*cnpj: /);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'quote', PHONE.width);
  const findings = await axeFindings(page, 'cotação');
  await page.setViewportSize(PHONE);

  // Confirmed: it runs in the background. The page's news of it (stream, poll, list) is held back
  // a moment so its running state can be seen, as on a slow network; the batch may end meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const hold = async (route: Route) => {
    await held;
    await route.continue().catch(() => {});
  };
  const news = [/\/api\/lotes\/eventos$/, new RegExp(`/api/lotes/${id}$`), /\/api\/lotes$/];
  for (const url of news) await page.route(url, hold);
  await quote.getByRole('button', { name: 'Confirmar e iniciar' }).click();
  const detail = page.getByRole('region', { name: `Lote #${id}` });
  await expect(detail.getByText('Processando', { exact: true })).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Cancelar lote' })).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'Lote em andamento: 0% concluído' }),
  ).toHaveAttribute('href', '/lotes');
  await expectNoSidewaysScroll(page);
  await shoot(page, 'running', PHONE.width);
  findings.push(...(await axeFindings(page, 'em andamento')));
  await page.setViewportSize(PHONE);
  for (const url of news) await page.unroute(url, hold);
  release();

  // The page follows it to the end without a reload.
  await expect(detail.getByText('Concluído', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(detail.getByRole('progressbar', { name: `Progresso do lote #${id}` })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(detail.getByText('100% concluído')).toBeVisible();
  await expect(figure(detail, 'Sucesso')).toHaveText('3');
  await expect(figure(detail, 'Falha')).toHaveText('0');
  await expect(figure(detail, 'Restantes')).toHaveText('0');
  await expect(detail).toContainText('Cobrado: R$ 3,00 (3,00 créditos)');
  // The header said so wherever the user was, and stops showing a running batch.
  await expect(page.getByText(`Lote #${id} concluído: 3 com sucesso, 0 com falha`)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /em andamento/ })).toHaveCount(0);
  // The balance went down by the price of each success (the header follows the profile).
  await expect.poll(() => headerCredits(page), { timeout: 20_000 }).toBe(10 - 3 * PRICE);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'finished', PHONE.width);
  findings.push(...(await axeFindings(page, 'concluído')));
  await page.setViewportSize(PHONE);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    detail.getByRole('button', { name: `Baixar XLSX do lote #${id}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`lote-${id}.xlsx`);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  // One row per valid input, in input order, with its line in the file.
  const sheet = await readSheet(bytes, 1);
  const header = (sheet[0] ?? []).map(String);
  const column = (name: string) => sheet.slice(1).map((row) => String(row[header.indexOf(name)]));
  expect(header.slice(0, 2)).toEqual(['linha', 'cnpj']);
  expect(column('linha')).toEqual(['2', '3', '6']);
  expect(column('cnpj')).toEqual(VALID_CNPJS.map((cnpj) => cnpj.replace(/\D/g, '')));
  expect(column('status')).toEqual(['Sucesso', 'Sucesso', 'Sucesso']);

  // The list holds it as a card on a phone.
  const card = page.getByRole('listitem').filter({ hasText: `Lote #${id}` });
  await expect(card).toContainText('Concluído');
  await expect(card).toContainText('R$ 3,00');
  expect(findings, findings.join('\n')).toEqual([]);

  // The server agrees (its own sign-in: the page's session ends here).
  const token = await apiToken(request, account.email, account.senha);
  const profile = await request.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
  expect(((await profile.json()) as { user: { creditos: number } }).user.creditos).toBe(10 - 3 * PRICE);
});

test('on a desktop a pasted column is quoted, then discarded, which cancels it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await createSubscriber(request, 10);
  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, account.email, account.senha);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('main').getByRole('link', { name: 'Consultar em lote' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lotes' })).toBeVisible();

  const form = await chooseModuleAndPurpose(page);
  await form.getByLabel('Ou cole uma coluna de valores').fill(`${VALID_CNPJS.join('\n')}\n${WRONG_CNPJ}`);
  await form.getByRole('button', { name: 'Enviar e cotar' }).click();

  const quote = page.getByRole('region', { name: /^Cotação do lote #\d+$/ });
  await expect(quote).toBeVisible();
  const id = Number((await quote.getByRole('heading', { level: 2 }).innerText()).replace(/\D/g, ''));
  await expect(quote).toContainText(`${MODULE} · Coluna colada`);
  await expect(figure(quote, 'Linhas')).toHaveText('4');
  await expect(figure(quote, 'Válidas')).toHaveText('3');
  await expect(figure(quote, 'Inválidas')).toHaveText('1');
  await expect(figure(quote, 'Custo máximo')).toHaveText('R$ 3,00 (3,00 créditos)');
  // A bare column: the lines are the values', from 1.
  await expect(
    quote.getByRole('region', { name: 'Linhas inválidas: tabela com rolagem' }).getByRole('row').nth(1),
  ).toContainText(/^4\s*cnpj: /);
  const row = page.getByRole('row').filter({ hasText: `#${id}` });
  await expect(row).toContainText('Cotado');
  await expectNoSidewaysScroll(page);
  await shoot(page, 'quote', DESKTOP.width);
  const findings = await axeFindings(page, 'cotação colada');

  await quote.getByRole('button', { name: 'Descartar' }).click();
  await expect(quote).toBeHidden();
  await expect(page.getByRole('region', { name: 'Novo lote' })).toBeVisible();
  await expect(row).toContainText('Cancelado');
  await expect(row).toContainText('0/3 (0%)');
  await expect(row.getByRole('button', { name: `Abrir o lote #${id}` })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Baixar/ })).toHaveCount(0);
  await shoot(page, 'list', DESKTOP.width);
  findings.push(...(await axeFindings(page, 'lista')));
  expect(findings, findings.join('\n')).toEqual([]);

  // Nothing was charged, and the server holds it cancelled.
  await expect.poll(() => headerCredits(page)).toBe(10);
  const token = await apiToken(request, account.email, account.senha);
  const lote = await request.get(`/api/lotes/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await lote.json()) as { status: string }).status).toBe('cancelado');
});
