import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import {
  adminToken,
  axeFindings,
  choosePurpose,
  createSubscriber,
  DESKTOP,
  PHONE,
  settle,
  signInThroughForm,
} from './support.ts';

/**
 * Issue 18, justified reveal and minors (docs/product/reveal-and-minors.md), on a 390 px phone and a
 * 1280 px desktop: a module set to mask by default answers 'Dados mascarados'; 'Revelar' with a
 * justification shows the whole result in place, and the history shows it masked again; the demo
 * minor reads 'Menor de idade', masked, with no 'Revelar', under a purpose that does not permit minors.
 */

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const MODULE = 'CPF Completo';
const ADULT_CPF = '123.456.789-09';
const MINOR_CPF = '705.318.264-90';
const JUSTIFICATION = 'Conferência de cadastro pedida pelo cliente 4471';

/** Turns the demo CPF module's 'Mascarar por padrão' on or off through the admin API. */
async function setMasking(request: APIRequestContext, on: boolean) {
  const headers = { Authorization: `Bearer ${await adminToken(request)}` };
  const list = await request.get('/api/modulos', { headers });
  expect(list.ok()).toBe(true);
  const { modulos } = (await list.json()) as { modulos: { id: number; nome: string }[] };
  const module = modulos.find((candidate) => candidate.nome === MODULE);
  expect(module, `module ${MODULE}`).toBeDefined();
  const saved = await request.put(`/api/modulos/${module?.id}`, {
    headers,
    data: { mascarar_por_padrao: on },
  });
  expect(saved.ok()).toBe(true);
  expect(((await saved.json()) as { mascarar_por_padrao?: boolean }).mascarar_por_padrao).toBe(on);
}

/** A subscriber signed in, on the CPF module's query screen, having run a lookup of `cpf`. */
async function lookUp(page: Page, request: APIRequestContext, cpf: string) {
  const account = await createSubscriber(request, 5);
  await signInThroughForm(page, account.email, account.senha);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: `${MODULE}: ONLINE` }).click();
  await choosePurpose(page);
  await page.getByRole('textbox', { name: 'CPF' }).fill(cpf);
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByTestId('result-view')).toBeVisible();
  await page.getByRole('heading', { name: 'Resultado', exact: true }).scrollIntoViewIfNeeded();
}

/** The screen as it is, in light then dark (kept on screen: a reload would lose the result). */
async function shootBothThemes(page: Page, name: string, width: number) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    // The colours' transitions end first.
    await page.waitForTimeout(400);
    await settle(page);
    await page.screenshot({ path: `${SCREENSHOTS}/rev-${name}-${scheme}-${width}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

for (const size of [PHONE, DESKTOP]) {
  test(`at ${size.width} px a result masked by its module is revealed with a justification, in place`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await setMasking(request, true);
    await page.setViewportSize(size);
    const reveals: unknown[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && /\/api\/consultas\/\d+\/revelar$/.test(new URL(sent.url()).pathname)) {
        reveals.push(sent.postDataJSON());
      }
    });

    await lookUp(page, request, ADULT_CPF);
    const result = page.getByTestId('result-view');
    const note = page.getByTestId('masked-note');
    await expect(note).toContainText('Dados mascarados por padrão deste módulo.');
    await expect(page.getByText('Menor de idade')).toHaveCount(0);
    await expect(result).not.toContainText(ADULT_CPF);
    if (size === PHONE) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
    }
    await shootBothThemes(page, 'masked', size.width);

    await note.getByRole('button', { name: 'Revelar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revelar dados completos' });
    await expect(dialog).toBeVisible();
    const field = dialog.getByLabel('Justificativa');
    await expect(field).toBeFocused();
    await field.fill('curta');
    await dialog.getByRole('button', { name: 'Revelar' }).click();
    await expect(
      dialog.getByText('Explique por que precisa ver os dados completos (mínimo 10 caracteres)'),
    ).toBeVisible();
    expect(reveals).toHaveLength(0);
    await shootBothThemes(page, 'dialog-refused', size.width);

    await field.fill(JUSTIFICATION);
    await expect(dialog.getByText(`${JUSTIFICATION.length}/500 caracteres`)).toBeVisible();
    await shootBothThemes(page, 'dialog', size.width);
    const findings = await axeFindings(page, 'reveal dialog, light', '[role="dialog"]');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForTimeout(400);
    findings.push(...(await axeFindings(page, 'reveal dialog, dark', '[role="dialog"]')));
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(size);
    expect(findings).toEqual([]);

    await dialog.getByRole('button', { name: 'Revelar' }).click();
    await expect(dialog).toHaveCount(0);
    expect(reveals).toEqual([{ justificativa: JUSTIFICATION }]);
    await expect(page.getByText('Dados revelados; a justificativa foi registrada')).toBeVisible();
    await expect(result).toContainText(ADULT_CPF);
    await expect(note).toHaveCount(0);
    await page.getByRole('heading', { name: 'Resultado', exact: true }).scrollIntoViewIfNeeded();
    await shootBothThemes(page, 'revealed', size.width);

    // The reveal was for that one look: the history shows the stored result masked again.
    await page.goto('/historico');
    await page
      .getByRole('button', { name: /Ver resultado/ })
      .first()
      .click();
    const stored = page.getByRole('dialog', { name: MODULE });
    await expect(stored.getByTestId('masked-note')).toContainText('Dados mascarados');
    await expect(stored.getByTestId('result-view')).not.toContainText(ADULT_CPF);
    await expect(stored.getByRole('button', { name: 'Revelar' })).toBeVisible();
    await shootBothThemes(page, 'history', size.width);

    // Revealed there too, over the stored result's own dialog: Escape closes only the top one.
    await stored.getByRole('button', { name: 'Revelar' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(stored).toBeVisible();
    await stored.getByRole('button', { name: 'Revelar' }).click();
    await dialog.getByLabel('Justificativa').fill(JUSTIFICATION);
    await dialog.getByRole('button', { name: 'Revelar' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(stored.getByTestId('result-view')).toContainText(ADULT_CPF);
    await expect(stored.getByTestId('masked-note')).toHaveCount(0);
    expect(reveals).toHaveLength(2);
  });
}

test("the admin sees 'Mascarado por padrão' on the module's row and its switch on in the edit dialog", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await setMasking(request, true);
  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.senha);
  await expect(page).toHaveURL(/\/$/);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.goto('/admin/modulos');
    const row = page.getByRole('row', { name: MODULE });
    await expect(row.getByText('Mascarado por padrão')).toBeVisible();
    // The row's last action stays within reach: in view, or, when other modules' long names make the
    // table wider than the screen, after scrolling the table sideways (it shows a scroll cue).
    const remove = row.getByRole('button', { name: /Deletar/ });
    await remove.scrollIntoViewIfNeeded();
    await expect(remove).toBeInViewport();
    await row.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: `Editar ${MODULE}` });
    const masking = edit.getByRole('switch', { name: 'Mascarar por padrão' });
    await expect(masking).toBeChecked();
    await masking.scrollIntoViewIfNeeded();
    await shootBothThemes(page, 'admin-form', size.width);
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await expect(edit).toHaveCount(0);
    await row.scrollIntoViewIfNeeded();
    await shootBothThemes(page, 'admin-list', size.width);
  }
});

test("the demo minor reads 'Menor de idade', masked, with no 'Revelar', under a purpose that does not permit minors", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await setMasking(request, false);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await page.context().clearCookies();
    await page.goto('/');
    await page.evaluate(() => localStorage.clear());
    await lookUp(page, request, MINOR_CPF);
    await expect(page.getByTestId('minor-badge')).toHaveText('Menor de idade');
    await expect(page.getByTestId('masked-note')).toContainText(
      'Dados mascarados: a finalidade não permite exibir dados de menor de idade.',
    );
    await expect(page.getByRole('button', { name: 'Revelar' })).toHaveCount(0);
    await shootBothThemes(page, 'minor', size.width);
  }
});
