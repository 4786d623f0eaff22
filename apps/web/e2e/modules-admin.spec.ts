import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN, E2E_CAPTCHA } from '../playwright.config.ts';
import { signInThroughForm, uniqueEmail } from './support.ts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A real 1×1 PNG, so the server's content check accepts it. */
function tinyPng(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'painel-e2e-img-')), 'modulo.png');
  writeFileSync(
    path,
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  return path;
}

const moduleRows = (page: Page) => page.locator('tbody tr[data-module-id]');

async function firstRowName(page: Page) {
  return moduleRows(page).first().getAttribute('aria-label');
}

test('an admin builds a module on the demo provider, orders it first, and takes it into maintenance', async ({
  page,
}) => {
  const nome = `CPF E2E ${Date.now()}`;
  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.senha);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/admin/modulos');
  await expect(page.getByText('Sistema Online')).toBeVisible();
  await expect(moduleRows(page).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar ordem' })).toBeDisabled();
  await page.screenshot({ path: `${SCREENSHOTS}/issue5-list-1280.png`, fullPage: true });

  // Create, with an input field and an image.
  await page.getByRole('button', { name: 'Novo Módulo' }).click();
  const form = page.getByRole('dialog', { name: 'Novo Módulo' });
  await expect(form.getByText('Sem campos configurados. Adicione campos conforme a API.')).toBeVisible();
  await form.getByLabel('Nome', { exact: true }).fill(nome);
  await form.getByLabel('Descrição').fill('Módulo criado pelo teste de ponta a ponta');
  await form.getByLabel('URL da API').fill('/demo-api/cpf/{cpf}');
  await form.getByRole('button', { name: 'Adicionar campo' }).click();
  await form.getByLabel('Nome do campo').fill('cpf');
  await form.getByLabel('Máscara').fill('000.000.000-00');
  const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/upload/module-image'));
  await form.locator('input[type=file]').setInputFiles(tinyPng());
  expect((await uploaded).status()).toBe(201);
  const preview = form.getByAltText('Pré-visualização da imagem do módulo');
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
  await form.screenshot({ path: `${SCREENSHOTS}/issue5-create-1280.png` });
  await form.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(form).toBeHidden();

  const row = page.getByRole('row', { name: nome });
  await expect(row).toBeVisible();
  await expect(row.getByText('Online')).toBeVisible();
  await expect(row.getByText('Gratuito')).toBeVisible();
  await expect(row.getByText('30s')).toBeVisible();
  expect(await row.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
  expect(await moduleRows(page).last().getAttribute('aria-label')).toBe(nome);

  // Drag it to the top by its handle (the page is tall enough to show every row at once).
  const count = await moduleRows(page).count();
  await page.setViewportSize({ width: DESKTOP.width, height: 400 + count * 80 });
  const handle = page.getByRole('button', { name: `Arrastar ${nome}` });
  const topHandle = moduleRows(page)
    .first()
    .getByRole('button', { name: /^Arrastar / });
  const from = (await handle.boundingBox())!;
  const to = (await topHandle.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 2, { steps: 25 });
  await page.mouse.up();
  await expect.poll(() => firstRowName(page)).toBe(nome);

  const save = page.getByRole('button', { name: 'Salvar ordem' });
  await expect(save).toBeEnabled();
  await save.click();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(moduleRows(page).first()).toBeVisible();
  expect(await firstRowName(page)).toBe(nome);
  await expect(page.getByRole('button', { name: 'Salvar ordem' })).toBeDisabled();
  await page.setViewportSize(DESKTOP);

  // Maintenance.
  const maintenance = page.getByRole('switch', { name: `Em manutenção: ${nome}` });
  const statusSaved = page.waitForResponse((response) => /\/api\/modulos\/\d+\/status$/.test(response.url()));
  await maintenance.click();
  expect((await statusSaved).status()).toBe(200);
  await expect(maintenance).toBeChecked();
  await expect(
    page.getByRole('row', { name: nome }).getByText('Manutenção', { exact: true }).first(),
  ).toBeVisible();

  // 'Testar' in the edit dialog: raw answer and latency from the demo provider.
  await page.getByRole('row', { name: nome }).getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: `Editar ${nome}` });
  await edit.getByLabel('cpf*').fill('123.456.789-09');
  await edit.getByRole('button', { name: 'Testar' }).click();
  const result = edit.getByTestId('module-test-result');
  await expect(result).toContainText('Sucesso');
  await expect(result).toContainText(/Latência: \d+ ms/);
  await edit.screenshot({ path: `${SCREENSHOTS}/issue5-edit-1280.png` });

  await page.setViewportSize(PHONE);
  await edit.screenshot({ path: `${SCREENSHOTS}/issue5-edit-390.png` });
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  await expect(edit).toBeHidden();
  await page.screenshot({ path: `${SCREENSHOTS}/issue5-list-390.png` });
  await page.getByRole('button', { name: 'Novo Módulo' }).click();
  await page.screenshot({ path: `${SCREENSHOTS}/issue5-create-390.png` });
  await page.getByRole('dialog', { name: 'Novo Módulo' }).getByRole('button', { name: 'Cancelar' }).click();
  await page.setViewportSize(DESKTOP);

  // The dashboard card of the module turns 'MANUTENÇÃO' (and is no longer clickable).
  await page.goto('/');
  const card = page.getByTestId('module-card').filter({ hasText: nome });
  await expect(card).toHaveAttribute('data-badge', 'MANUTENÇÃO');
  await expect(card.getByText('MANUTENÇÃO')).toBeVisible();
  await expect(card).toHaveAttribute('aria-disabled', 'true');

  // And the catalogue users get says so too, with the module first.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const active = await page.request.get('/api/modulos/ativos', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const listed = ((await active.json()) as { modulos: { nome: string; status: string }[] }).modulos;
  expect(listed[0]).toMatchObject({ nome, status: 'manutencao' });
});

async function captchaId(request: APIRequestContext): Promise<string> {
  const captcha = await request.get('/api/captcha');
  return ((await captcha.json()) as { id: string }).id;
}

/** A reseller made the way an admin makes one: a registered user whose role the admin changes. */
async function createReseller(request: APIRequestContext) {
  const email = uniqueEmail('revendedor');
  const senha = 'senha-revendedor-1';
  const registered = await request.post('/api/auth/register', {
    data: {
      nome: 'Revenda E2E',
      email,
      senha,
      captcha_id: await captchaId(request),
      captcha_answer: E2E_CAPTCHA,
    },
  });
  expect(registered.status()).toBe(201);
  const { user } = (await registered.json()) as { user: { id: number } };
  const login = await request.post('/api/auth/login', {
    data: {
      email: E2E_ADMIN.email,
      senha: E2E_ADMIN.senha,
      captcha_id: await captchaId(request),
      captcha_answer: E2E_CAPTCHA,
    },
  });
  const { token } = (await login.json()) as { token: string };
  const promoted = await request.put(`/api/users/${user.id}/role`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { tipo: 'revendedor' },
  });
  expect(promoted.ok()).toBe(true);
  return { email, senha };
}

test('a reseller sees the catalogue read-only, with no control that changes it', async ({
  page,
  request,
}) => {
  const reseller = await createReseller(request);
  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, reseller.email, reseller.senha);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/admin/modulos');
  await expect(moduleRows(page).first()).toBeVisible();
  await expect(page.getByText(/Somente leitura/)).toBeVisible();
  await expect(page.getByRole('switch')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Arrastar / })).toHaveCount(0);
  for (const name of ['Editar', 'Deletar', 'Novo Módulo', 'Salvar ordem']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('columnheader', { name: 'Ações' })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/issue5-list-reseller-1280.png` });
});
