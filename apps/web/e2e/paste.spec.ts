import { expect, type Locator, type Page, test } from '@playwright/test';
import { choosePurpose, createSubscriber, signInThroughForm } from './support.ts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };

/** Puts a text on the clipboard and pastes it into an emptied field with the keyboard, as a person does. */
async function pasteInto(page: Page, field: Locator, text: string) {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.fill('');
  await field.focus();
  await page.keyboard.press('ControlOrMeta+V');
}

test('on a phone, pasted CPFs and phones keep every digit: no label, no +55, no cut tail', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const account = await createSubscriber(request, 5);
  await page.setViewportSize(PHONE);
  await signInThroughForm(page, account.email, account.senha);
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('link', { name: 'Telefone: ONLINE' }).click();
  const phone = page.getByRole('textbox', { name: 'Telefone' });
  await expect(phone).toHaveAttribute('inputmode', 'numeric');
  await pasteInto(page, phone, '+55 11 98765-4321');
  await expect(phone).toHaveValue('(11) 98765-4321');
  await pasteInto(page, phone, 'Telefone: +55 (62) 3832-3983');
  await expect(phone).toHaveValue('(62) 3832-3983');
  await page.screenshot({ path: `${SCREENSHOTS}/issue17-paste-phone-390.png` });

  // The number sent is the one shown: the demo provider answers for (62) 3832-3983.
  await choosePurpose(page);
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('result-view').getByText('(62) 3832-3983').first()).toBeVisible();

  await page.getByRole('link', { name: 'Voltar' }).click();
  await page.getByRole('link', { name: 'CPF Completo: ONLINE' }).click();
  const cpf = page.getByRole('textbox', { name: 'CPF' });
  await pasteInto(page, cpf, ' 529.982.247-25');
  await expect(cpf).toHaveValue('529.982.247-25');
  await pasteInto(page, cpf, 'CPF: 529.982.247-25');
  await expect(cpf).toHaveValue('529.982.247-25');

  // One digit too many is not shortened into a CPF: it stays as pasted and the check refuses it.
  await pasteInto(page, cpf, '1529.982.247-25');
  await expect(cpf).toHaveValue('1529.982.247-25');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByText('CPF inválido')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/issue17-paste-cpf-refused-390.png` });

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  const cpfAfterReload = page.getByRole('textbox', { name: 'CPF' });
  await pasteInto(page, cpfAfterReload, 'CPF: 529.982.247-25');
  await expect(cpfAfterReload).toHaveValue('529.982.247-25');
  await page.screenshot({ path: `${SCREENSHOTS}/issue17-paste-cpf-390-dark.png` });
});
