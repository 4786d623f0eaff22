import { expect, test } from '@playwright/test';
import { E2E_CAPTCHA } from '../playwright.config.ts';
import { signInThroughForm, uniqueEmail } from './support.ts';

test('register, stay signed in across a reload, and be thrown out when the account signs in elsewhere', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail();
  const senha = 'senha-e2e-1';

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Cadastre-se' }).click();
  await expect(page.getByRole('heading', { name: 'Crie sua conta' })).toBeVisible();
  await page.getByLabel('Nome').fill('Pessoa de Teste');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByLabel('Confirmar senha').fill('outra-coisa');
  await page.getByLabel('Captcha').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page.getByText('As senhas não coincidem')).toBeVisible();
  await page.getByLabel('Confirmar senha').fill(senha);
  await page.getByRole('button', { name: 'Criar conta' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Pessoa de Teste/).first()).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText(/Pessoa de Teste/).first()).toBeVisible();

  // The same account signs in from another device.
  const otherDevice = await browser.newContext();
  const otherPage = await otherDevice.newPage();
  await signInThroughForm(otherPage, email, senha);
  await expect(otherPage).toHaveURL(/\/$/);

  // The first device learns it on its next call (the profile poll) without a click.
  await expect(page).toHaveURL(/\/sessao-encerrada$/, { timeout: 15_000 });
  await expect(page.getByText(/outro dispositivo/i).first()).toBeVisible();
  await page.getByRole('button', { name: /login/i }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);

  await otherDevice.close();
});

test('a wrong password shows the server message and a fresh captcha', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Painel Consulta' })).toBeVisible();
  await expect(page.getByText('Entre com suas credenciais para continuar')).toBeVisible();
  const firstCaptcha = await page.getByRole('img', { name: /captcha/i }).getAttribute('src');
  await signInThroughForm(page, 'ninguem@e2e.local', 'errada-123');
  await expect(page.getByRole('alert').filter({ hasText: 'Email ou senha inválidos' })).toBeVisible();
  await expect(page.getByLabel('Captcha')).toHaveValue('');
  await expect(page.getByRole('img', { name: /captcha/i })).not.toHaveAttribute('src', firstCaptcha ?? '');
  await expect(page).toHaveURL(/\/login$/);
});

test('the login form works from the keyboard alone', async ({ page }) => {
  const email = uniqueEmail('teclado');
  await page.goto('/register');
  await page.getByLabel('Nome').fill('Teclado');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-e2e-2');
  await page.getByLabel('Confirmar senha').fill('senha-e2e-2');
  await page.getByLabel('Captcha').fill(E2E_CAPTCHA);
  await page.getByLabel('Captcha').press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await page.evaluate(() => localStorage.clear());

  await page.goto('/login');
  await page.getByLabel('Email').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('senha-e2e-2');
  await page.getByLabel('Captcha').focus();
  await page.keyboard.type(E2E_CAPTCHA.toLowerCase());
  await expect(page.getByLabel('Captcha')).toHaveValue(E2E_CAPTCHA);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
});
