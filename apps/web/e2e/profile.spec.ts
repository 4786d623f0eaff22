import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN, E2E_CAPTCHA } from '../playwright.config.ts';
import { signInThroughForm, uniqueEmail } from './support.ts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** Signs the seeded admin in through the API (the e2e server accepts the test captcha answer). */
async function adminHeaders(request: APIRequestContext) {
  const captcha = await request.get('/api/captcha');
  const { id } = (await captcha.json()) as { id: string };
  const login = await request.post('/api/auth/login', {
    data: { email: E2E_ADMIN.email, senha: E2E_ADMIN.senha, captcha_id: id, captcha_answer: E2E_CAPTCHA },
  });
  expect(login.ok()).toBe(true);
  return { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

async function createAccount(
  request: APIRequestContext,
  headers: Record<string, string>,
  account: { nome: string; email: string; senha: string; tipo: 'usuario' | 'revendedor'; creditos: number },
): Promise<number> {
  const response = await request.post('/api/users', { headers, data: { ...account, dias_ativos: 30 } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { user: { id: number } }).user.id;
}

async function shoot(page: Page, name: string) {
  for (const [label, size] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SCREENSHOTS}/profile-${name}-${label}.png`, fullPage: true });
  }
}

test('a user edits their name, changes the password, stays signed in, then signs in with the new one', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('perfil');
  const senha = 'senha-antiga-1';
  const novaSenha = 'senha-nova-2';

  await page.setViewportSize(DESKTOP);
  await page.goto('/register');
  await page.getByLabel('Nome').fill('Pessoa Perfil');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByLabel('Confirmar senha').fill(senha);
  await page.getByLabel('Captcha').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('link', { name: 'Perfil' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Perfil' })).toBeVisible();
  const data = page.getByRole('form', { name: 'Dados do perfil' });
  await expect(data.getByLabel('Email')).toHaveValue(email);
  await expect(data.getByLabel('WhatsApp')).toHaveCount(0);
  await expect(page.getByText('Nenhuma movimentação de créditos')).toBeVisible();

  await data.getByLabel('Nome').fill('Pessoa Renomeada');
  await data.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Perfil atualizado com sucesso!')).toBeVisible();
  await expect(page.getByText('Olá, Pessoa Renomeada')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Dados do perfil' }).getByLabel('Nome')).toHaveValue(
    'Pessoa Renomeada',
  );

  const password = page.getByRole('form', { name: 'Alterar senha' });
  await password.getByLabel('Senha atual').fill('nao-e-esta');
  await password.getByLabel('Nova senha', { exact: true }).fill(novaSenha);
  await password.getByLabel('Confirmar nova senha').fill(novaSenha);
  await password.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(password.getByRole('alert')).toHaveText('Erro ao alterar senha: Senha atual incorreta');

  await password.getByLabel('Senha atual').fill(senha);
  await password.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible();
  await expect(password.getByLabel('Senha atual')).toHaveValue('');
  await shoot(page, 'usuario');

  // The server ends the other sessions only: this one keeps working after a reload.
  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Olá, Pessoa Renomeada')).toBeVisible();

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInThroughForm(page, email, senha);
  await expect(page.getByRole('alert').filter({ hasText: 'Email ou senha inválidos' })).toBeVisible();
  await signInThroughForm(page, email, novaSenha);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Olá, Pessoa Renomeada')).toBeVisible();
});

test('a reseller saves WhatsApp and Telegram, and their client gets the links on the dashboard', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const headers = await adminHeaders(request);
  const reseller = {
    nome: 'Loja Perfil',
    email: uniqueEmail('revenda'),
    senha: 'senha-revenda-1',
    tipo: 'revendedor' as const,
    creditos: 30,
  };
  const resellerId = await createAccount(request, headers, reseller);
  const client = {
    nome: 'Cliente da Loja',
    email: uniqueEmail('cliente'),
    senha: 'senha-cliente-1',
    tipo: 'usuario' as const,
    creditos: 0,
  };
  const clientId = await createAccount(request, headers, client);
  const linked = await request.put(`/api/users/${clientId}`, {
    headers,
    data: { revendedor_id: resellerId },
  });
  expect(linked.ok()).toBe(true);

  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, reseller.email, reseller.senha);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  const data = page.getByRole('form', { name: 'Dados do perfil' });
  await expect(data.getByLabel('Nome')).toHaveValue(reseller.nome);

  await data.getByLabel('WhatsApp').fill('1234');
  await data.getByRole('button', { name: 'Salvar' }).click();
  await expect(data.getByText(/Informe o WhatsApp com DDD/)).toBeVisible();

  await data.getByLabel('WhatsApp').fill('(11) 98765-4321');
  await data.getByLabel('Telegram').fill('@loja_perfil');
  await expect(data.getByRole('link', { name: 'wa.me/5511987654321' })).toBeVisible();
  await data.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Perfil atualizado com sucesso!')).toBeVisible();

  // The admin's 30 credits are the whole balance, and the statement says where they came from.
  const statement = page.getByRole('list', { name: 'Movimentações de créditos' });
  await expect(statement.getByRole('listitem')).toHaveCount(1);
  await expect(statement).toContainText('Crédito adicionado pela administração');
  await expect(statement).toContainText(/\+R\$\s30,00/);
  await shoot(page, 'revendedor');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SCREENSHOTS}/profile-revendedor-dark-1280.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });

  await page.reload();
  await expect(page.getByRole('form', { name: 'Dados do perfil' }).getByLabel('WhatsApp')).toHaveValue(
    '(11) 98765-4321',
  );

  const clientDevice = await browser.newContext();
  const clientPage = await clientDevice.newPage();
  await signInThroughForm(clientPage, client.email, client.senha);
  await expect(clientPage).toHaveURL(/\/$/);
  const card = clientPage.getByRole('region', { name: 'Seu revendedor' });
  await expect(card).toContainText(reseller.nome);
  await expect(card.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/5511987654321',
  );
  await expect(card.getByRole('link', { name: 'Telegram' })).toHaveAttribute(
    'href',
    'https://t.me/loja_perfil',
  );
  await clientDevice.close();
});
