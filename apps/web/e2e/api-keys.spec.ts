import { expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import {
  apiToken,
  axeFindings,
  createSubscriber,
  DESKTOP,
  PHONE,
  settle,
  signInThroughForm,
} from './support.ts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

/** `name` at the current width, light then dark (the theme follows the system: no reload needed). */
async function shoot(page: Page, name: string, width: number, target?: Locator) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await settle(page);
    const path = `${SCREENSHOTS}/keys-${name}-${width}-${colorScheme}.png`;
    if (target) await target.screenshot({ path });
    else await page.screenshot({ path, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** Nothing on the page is wider than the screen: long keys and commands wrap or scroll in their box. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of [PHONE, DESKTOP]) {
  test(`at ${size.width} px a subscriber creates an API key, uses it, revokes it, and it stops working`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const account = await createSubscriber(request, 10);
    await page.setViewportSize(size);
    await signInThroughForm(page, account.email, account.senha);
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/profile');
    const card = page.locator('#chaves-de-api');
    await expect(card.getByText('0 de 10 chaves')).toBeVisible();
    await expect(card.getByText(/Nenhuma chave de API/)).toBeVisible();

    await card.getByRole('button', { name: 'Criar chave' }).click();
    const form = page.getByRole('dialog', { name: 'Criar chave de API' });
    await form.getByLabel('Nome da chave').fill('Sistema da loja');
    await form.getByLabel('Limite diário (créditos)').fill('5,50');
    await shoot(page, 'create', size.width);
    expect(await axeFindings(page, 'criar chave', '[role="dialog"]')).toEqual([]);
    await page.setViewportSize(size);
    await form.getByRole('button', { name: 'Criar chave' }).click();

    const shown = page.getByRole('dialog', { name: 'Chave criada: Sistema da loja' });
    await expect(shown.getByText('Guarde esta chave agora: ela não será mostrada de novo.')).toBeVisible();
    const key = (await shown.getByTestId('created-api-key').textContent())?.trim() ?? '';
    expect(key).toMatch(/^pk_[A-Za-z0-9]{40}$/);
    await expectNoSidewaysScroll(page);
    await shoot(page, 'created', size.width);
    expect(await axeFindings(page, 'chave criada', '[role="dialog"]')).toEqual([]);
    await page.setViewportSize(size);
    await shown.getByRole('button', { name: 'Concluir' }).click();
    await expect(shown).toBeHidden();

    const row = card.getByRole('listitem', { name: 'Sistema da loja' });
    await expect(row.getByText(`${key.slice(0, 12)}…`)).toBeVisible();
    await expect(row).toContainText('5,50 créditos/dia');
    await expect(row).toContainText('Nunca usada');
    await expect(card.getByText('1 de 10 chaves')).toBeVisible();
    expect(await page.content()).not.toContain(key);

    // The key is the whole credential: no session, no Authorization.
    const withKey = () => page.request.get('/api/profile', { headers: { 'X-Api-Key': key } });
    const answer = await withKey();
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { user: { email: string } }).user.email).toBe(account.email);

    await page.reload();
    await expect(row).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shoot(page, 'card', size.width, card);
    expect(await axeFindings(page, 'card chaves', '#chaves-de-api')).toEqual([]);
    await page.setViewportSize(size);

    await row.getByRole('button', { name: 'Revogar Sistema da loja' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revogar Sistema da loja?' });
    await expect(confirm).toContainText('A chave deixa de funcionar na hora.');
    await confirm.getByRole('button', { name: 'Revogar' }).click();
    await expect(page.getByText('Chave de API revogada')).toBeVisible();
    await expect(row).toBeHidden();
    await expect(card.getByText('0 de 10 chaves')).toBeVisible();

    const refused = await withKey();
    expect(refused.status()).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('API_KEY_REVOKED');

    await card.getByRole('link', { name: 'Como usar a API' }).click();
    await expect(page).toHaveURL(/\/integracao$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API' })).toBeVisible();
    const origin = new URL(page.url()).origin;
    await expect(page.getByTestId('api-base-url')).toHaveText(`${origin}/api`);
    await expect(page.getByRole('region', { name: 'Exemplo: Fazer uma consulta' })).toContainText(
      `${origin}/api/consultas`,
    );
    await expectNoSidewaysScroll(page);
    await shoot(page, 'api-page', size.width);
    expect(await axeFindings(page, 'página API')).toEqual([]);

    // The list the server keeps agrees with the screen (its own sign-in: the page's session ends here).
    const token = await apiToken(request, account.email, account.senha);
    const listed = await request.get('/api/profile/api-keys', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(((await listed.json()) as { chaves: unknown[] }).chaves).toEqual([]);
  });
}

test("an admin sees a client's keys on the users screen and changes one's requests per second", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await createSubscriber(request, 10);
  const token = await apiToken(request, account.email, account.senha);
  const created = await request.post('/api/profile/api-keys', {
    headers: { Authorization: `Bearer ${token}` },
    data: { nome: 'Integração ERP', ips: ['203.0.113.10', '198.51.100.0/24'], limite_diario_creditos: 25.5 },
  });
  expect(created.status()).toBe(201);
  const { prefixo } = (await created.json()) as { prefixo: string };

  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.senha);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin/usuarios');
  await page.getByPlaceholder('Buscar por nome ou email...').fill(account.email);
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: `Ações de ${account.nome}` }).click();
  await page.getByRole('menuitem', { name: 'Chaves de API' }).click();

  const dialog = page.getByRole('dialog', { name: 'Chaves de API' });
  const key = dialog.getByRole('listitem', { name: 'Integração ERP' });
  await expect(key.getByText(`${prefixo}…`)).toBeVisible();
  await expect(key).toContainText('25,50 créditos/dia');
  await expect(key).toContainText('203.0.113.10, 198.51.100.0/24');
  await key.getByRole('spinbutton', { name: 'Requisições por segundo' }).fill('20');
  await key.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Requisições por segundo alteradas')).toBeVisible();
  await expect(key.getByRole('spinbutton', { name: 'Requisições por segundo' })).toHaveValue('20');

  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expectNoSidewaysScroll(page);
    await shoot(page, 'users-dialog', size.width, dialog);
  }
  expect(await axeFindings(page, 'chaves do usuário', '[role="dialog"]')).toEqual([]);
});
