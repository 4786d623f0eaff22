import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { adminToken, createSubscriber, signInThroughForm } from './support.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** One screenshot per width, in the page's current scheme; dark is emulated, then the page reloaded. */
async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/settings-${name}-${size.width}.png`, fullPage });
  }
  await page.setViewportSize(DESKTOP);
}

async function inDark(page: Page, ready: () => Promise<void>) {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await ready();
}

test('an admin lowers the top-up maximum on the settings screen and a user then meets it on /planos', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.senha);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin/logs');
  await page
    .getByRole('navigation', { name: 'Administração' })
    .getByRole('link', { name: 'Configurações' })
    .click();
  await expect(page).toHaveURL(/\/admin\/configuracoes$/);

  const form = page.getByRole('form', { name: 'Configurações do painel' });
  const max = form.getByLabel('Valor máximo da recarga (R$)');
  await expect(max).toHaveValue('5.000,00');
  await expect(form.getByLabel('Valor mínimo da recarga (R$)')).toHaveValue('50,00');
  await shoot(page, 'light');

  // Put the maximum back for the specs that follow (a fresh admin login: creating the user below
  // signs the admin in through the API, which ends this page's session).
  const restore = async () =>
    request.put('/api/admin/settings', {
      headers: { Authorization: `Bearer ${await adminToken(request)}` },
      data: { topup_max_reais: 5000 },
    });

  try {
    // Below the minimum is refused on the screen, before anything is sent.
    await max.fill('40');
    await form.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(
      form.getByText('O valor máximo de recarga não pode ser menor que o mínimo (R$ 50,00)'),
    ).toBeVisible();
    await shoot(page, 'invalid-light', { fullPage: false });

    await max.fill('200');
    await form.getByRole('button', { name: 'Salvar configurações' }).click();
    await expect(page.getByText('Configurações salvas')).toBeVisible();
    await expect(max).toHaveValue('200,00');

    await inDark(page, () => expect(max).toHaveValue('200,00'));
    await shoot(page, 'dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // The change is in the audit trail.
    await page.goto('/admin/logs');
    await expect(page.getByText('Configurações alteradas').first()).toBeVisible();

    // A user on /planos: the new maximum, then a confirmed top-up within it.
    const account = await createSubscriber(request, 0);
    const userContext = await browser.newContext();
    const userPage = await userContext.newPage();
    await userPage.setViewportSize(PHONE);
    await signInThroughForm(userPage, account.email, account.senha);
    await expect(userPage).toHaveURL(/\/$/);
    await userPage.goto('/planos');
    const amount = userPage.getByLabel('Valor da recarga (R$)');
    await expect(userPage.getByText('Mínimo R$ 50,00 · máximo R$ 200,00')).toBeVisible();
    await amount.fill('250');
    await userPage.getByRole('button', { name: 'Gerar PIX de recarga' }).click();
    await expect(userPage.getByText('Valor máximo para recarga é R$ 200,00')).toBeVisible();
    await amount.scrollIntoViewIfNeeded();
    await userPage.screenshot({ path: `${SHOTS}/settings-planos-max-390.png` });

    await amount.fill('150');
    await userPage.getByRole('button', { name: 'Gerar PIX de recarga' }).click();
    const dialog = userPage.getByRole('alertdialog', { name: 'Confirmar recarga' });
    await expect(dialog.getByText('R$ 150,00')).toBeVisible();
    await userPage.screenshot({ path: `${SHOTS}/settings-planos-confirm-light-390.png` });
    await userPage.setViewportSize(DESKTOP);
    await userPage.screenshot({ path: `${SHOTS}/settings-planos-confirm-light-1280.png` });
    await userPage.setViewportSize(PHONE);
    await userPage.emulateMedia({ colorScheme: 'dark' });
    await userPage.reload();
    await userPage.getByLabel('Valor da recarga (R$)').fill('150');
    await userPage.getByRole('button', { name: 'Gerar PIX de recarga' }).click();
    await expect(dialog.getByText('R$ 150,00')).toBeVisible();
    await userPage.screenshot({ path: `${SHOTS}/settings-planos-confirm-dark-390.png` });
    await userPage.setViewportSize(DESKTOP);
    await userPage.screenshot({ path: `${SHOTS}/settings-planos-confirm-dark-1280.png` });
    await dialog.getByRole('button', { name: 'Confirmar e gerar PIX' }).click();
    await expect(userPage.getByTestId('pix-panel')).toContainText('Recarga de 150,00 créditos');
    await userContext.close();
  } finally {
    expect((await restore()).ok()).toBe(true);
  }
});
