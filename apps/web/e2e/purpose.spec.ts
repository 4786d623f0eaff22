import { expect, type Page, test } from '@playwright/test';
import { choosePurpose, createSubscriber, signInThroughForm } from './support.ts';

/**
 * Issue 18, a purpose on every lookup (docs/product/purposes.md#a-purpose-on-every-lookup), on a
 * 390 px phone and a 1280 px desktop: the 'Finalidade' select on the query screen, a lookup without
 * one refused before anything is sent, one run with it, and the purpose shown with the result, in
 * the history and in the stored result.
 */

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const SIZES = [
  ['390', { width: 390, height: 844 }],
  ['1280', { width: 1280, height: 900 }],
] as const;
const PURPOSE = 'Prevenção a fraudes';
const BASIS = 'Interesse legítimo (art. 7º, IX)';
const JUSTIFICATION = 'Cadastro novo do cliente 4471';

/** The page in light, then dark (loaded again in each, as a user whose system uses it would). */
async function shootBothThemes(page: Page, name: string, label: string, ready: () => Promise<void>) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    await ready();
    await page.screenshot({
      path: `${SCREENSHOTS}/s8-purpose-${name}-${scheme}-${label}.png`,
      fullPage: true,
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const [label, size] of SIZES) {
  test(`at ${label} px a lookup needs a purpose, runs with one and shows it with the result and in the history`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const account = await createSubscriber(request, 5);
    await page.setViewportSize(size);
    await signInThroughForm(page, account.email, account.senha);
    await expect(page).toHaveURL(/\/$/);
    const lookupsSent: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/consultas') {
        lookupsSent.push(sent.url());
      }
    });

    await page.getByRole('link', { name: 'CPF Completo: ONLINE' }).click();
    // The query form's; the quick panel under a result has its own.
    const select = page.getByRole('combobox', { name: 'Finalidade' }).first();
    await expect(select).toBeVisible();
    await expect(select).toHaveAttribute('aria-required', 'true');
    await expect(select.getByRole('option', { name: PURPOSE })).toBeAttached();
    if (label === '390') {
      const box = await select.boundingBox();
      expect(box?.height ?? 0, 'select height on a phone').toBeGreaterThanOrEqual(44);
    }

    // Without a purpose the lookup is refused on the page: nothing is sent, nothing is charged.
    await page.getByRole('textbox', { name: 'CPF' }).fill('12345678909');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByText('Informe a finalidade da consulta')).toBeVisible();
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toBeFocused();
    expect(lookupsSent).toHaveLength(0);
    await page.screenshot({ path: `${SCREENSHOTS}/s8-purpose-refused-light-${label}.png`, fullPage: true });

    // With one: its legal basis under the select, and a justification.
    await choosePurpose(page, PURPOSE);
    await expect(page.getByText('Informe a finalidade da consulta')).toHaveCount(0);
    await expect(page.getByText(`Base legal: ${BASIS}`)).toBeVisible();
    await page.getByRole('button', { name: 'Adicionar justificativa' }).click();
    await page.getByRole('textbox', { name: /Justificativa/ }).fill(JUSTIFICATION);
    await expect(page.getByText(`${JUSTIFICATION.length}/500 caracteres`)).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/s8-purpose-chosen-light-${label}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Consultar' }).click();

    const result = page.getByTestId('result-view');
    await expect(result).toBeVisible();
    expect(lookupsSent).toHaveLength(1);
    const shown = page.getByRole('region', { name: 'Finalidade da consulta' });
    await expect(shown).toContainText(PURPOSE);
    await expect(shown).toContainText(BASIS);
    await expect(shown).toContainText(JUSTIFICATION);
    // The next lookup starts with the purpose just used.
    const quick = page.getByRole('region', { name: 'Nova Consulta Rápida' });
    await expect(quick.getByRole('combobox', { name: 'Finalidade' }).locator('option:checked')).toHaveText(
      PURPOSE,
    );
    // The result's top, where the purpose is (the whole report is thousands of pixels long).
    await page.getByRole('heading', { name: 'Resultado', exact: true }).scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // Kept on screen (a reload would lose the result): the colours' transitions end first.
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${SCREENSHOTS}/s8-purpose-result-${scheme}-${label}.png` });
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Loaded again, the query screen starts with the user's last purpose.
    await shootBothThemes(page, 'query', label, async () => {
      await expect(select.locator('option:checked')).toHaveText(PURPOSE);
      await expect(page.getByText(`Base legal: ${BASIS}`)).toBeVisible();
    });

    // The history names it on the row and in the stored result.
    await page.goto('/historico');
    const rows = page.getByRole('list', { name: 'Consultas' }).getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(`Finalidade: ${PURPOSE} · ${BASIS}`);
    await shootBothThemes(page, 'history', label, async () => {
      await expect(rows.first()).toContainText(`Finalidade: ${PURPOSE}`);
    });
    await rows
      .first()
      .getByRole('button', { name: /Ver resultado/ })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('result-view')).toBeVisible();
    const stored = dialog.getByRole('region', { name: 'Finalidade da consulta' });
    await expect(stored).toContainText(PURPOSE);
    await expect(stored).toContainText(BASIS);
    await expect(stored).toContainText(JUSTIFICATION);
    await page.screenshot({ path: `${SCREENSHOTS}/s8-purpose-history-result-light-${label}.png` });
  });
}
