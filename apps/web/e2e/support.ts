import { expect, type Page } from '@playwright/test';
import { E2E_CAPTCHA } from '../playwright.config.ts';

let counter = 0;
export function uniqueEmail(prefix = 'pessoa'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@e2e.local`;
}

/** Fills the login form as a person would and submits it. */
export async function signInThroughForm(page: Page, email: string, senha: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await expect(page.getByRole('img', { name: /captcha/i })).toBeVisible();
  await page.getByLabel('Captcha').fill(E2E_CAPTCHA.toLowerCase());
  await page.getByRole('button', { name: 'Entrar no sistema' }).click();
}
