import { expect, test } from '@playwright/test';
import { choosePurpose, createSubscriber, DESKTOP, signInThroughForm } from './support.ts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

test('an answer lost on the way, then Consultar again: the result, charged once', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await createSubscriber(request, 5);
  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, account.email, account.senha);
  await page.getByRole('link', { name: 'CNPJ: ONLINE' }).click();
  await expect(page.getByRole('main').getByText('Créditos: 5,00')).toBeVisible();

  // The first lookup reaches the server and runs, but its answer never reaches the browser.
  const keys: (string | null)[] = [];
  let lost = false;
  await page.route('**/api/consultas', async (route) => {
    keys.push(await route.request().headerValue('idempotency-key'));
    if (lost) return route.continue();
    lost = true;
    await route.fetch();
    return route.abort('connectionreset');
  });

  await page.getByLabel('CNPJ').fill('11222333000181');
  await choosePurpose(page);
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'A conexão com o servidor caiu antes da resposta. Clique em Consultar de novo: esta consulta não será cobrada duas vezes.',
  );
  await page.screenshot({ path: `${SCREENSHOTS}/idempotency-lost-answer.png`, fullPage: true });

  await page.getByRole('button', { name: 'Consultar' }).click();
  const result = page.getByTestId('result-view');
  await expect(result.getByText('11.222.333/0001-81').first()).toBeVisible();
  // One lookup, one real: R$ 1,00 taken once, not twice.
  await expect(page.getByRole('main').getByText('Créditos: 4,00')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('main').getByText('Créditos: 4,00')).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
});
