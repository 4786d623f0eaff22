import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { choosePurpose, createSubscriber, signInThroughForm } from './support.ts';

/**
 * A call that spends money never waits for the network
 * (docs/decisions/0008-take-back-deactivation-offline.md): offline it fails at once, and the
 * connection coming back does not send it behind the user's back.
 */
const NOTHING_CHARGED = 'Sem conexão com o servidor. Nada foi cobrado.';

/** What the server holds for the signed-in page's user: lookups in its history, and credits. */
async function serverSide(page: Page, request: APIRequestContext) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const history = await request.get('/api/consultas?page=1&limit=10', { headers });
  const profile = await request.get('/api/profile', { headers });
  expect(history.ok() && profile.ok()).toBe(true);
  return {
    lookups: ((await history.json()) as { consultas: unknown[] }).consultas.length,
    creditos: ((await profile.json()) as { user: { creditos: number } }).user.creditos,
  };
}

test('a credit lookup made offline fails at once, is not sent when the network returns, and a retry works', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await createSubscriber(request, 5);
  await signInThroughForm(page, account.email, account.senha);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'CNPJ: ONLINE' }).click();
  await expect(page.getByRole('main').getByText('Créditos: 5,00')).toBeVisible();
  await page.getByLabel('CNPJ').fill('11222333000181');
  await choosePurpose(page);

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Consultar' }).click();
  // At once: far less than any request timeout, and without the network coming back.
  await expect(page.getByRole('alert')).toHaveText(NOTHING_CHARGED, { timeout: 3_000 });
  await expect(page.getByRole('button', { name: 'Consultar' })).toBeEnabled();

  await context.setOffline(false);
  await page.waitForTimeout(1_500);
  expect(await serverSide(page, request)).toEqual({ lookups: 0, creditos: 5 });
  await expect(page.getByTestId('result-view')).toHaveCount(0);

  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('result-view').getByText('11.222.333/0001-81').first()).toBeVisible();
  await expect(page.getByRole('main').getByText('Créditos: 4,00')).toBeVisible();
  await expect(page.getByText(NOTHING_CHARGED)).toHaveCount(0);
  expect(await serverSide(page, request)).toEqual({ lookups: 1, creditos: 4 });
});

test('a PIX top-up asked for offline fails at once with a toast and opens no charge', async ({
  page,
  context,
  request,
}) => {
  const account = await createSubscriber(request, 0);
  await signInThroughForm(page, account.email, account.senha);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/planos');
  const topUp = page.getByRole('button', { name: 'Gerar PIX de recarga' });
  const confirmTopUp = () =>
    page
      .getByRole('alertdialog', { name: 'Confirmar recarga' })
      .getByRole('button', { name: 'Confirmar e gerar PIX' })
      .click();
  await expect(topUp).toBeEnabled();

  await context.setOffline(true);
  await topUp.click();
  await confirmTopUp();
  await expect(page.getByText(NOTHING_CHARGED)).toBeVisible({ timeout: 3_000 });
  await expect(topUp).toBeEnabled();

  await context.setOffline(false);
  await page.waitForTimeout(1_500);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const history = await request.get('/api/payments/me/history', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(history.ok()).toBe(true);
  expect(((await history.json()) as { payments: unknown[] }).payments).toEqual([]);

  // Online again, the same button opens the charge.
  await topUp.click();
  await confirmTopUp();
  await expect(page.getByLabel('PIX copia e cola')).toBeVisible();
});
