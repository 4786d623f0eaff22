import { mkdirSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import {
  adminToken,
  apiToken,
  axeFindings,
  createSubscriber,
  DESKTOP,
  lookUpCpfThroughApi,
  PHONE,
  settle,
  signInThroughForm,
  WIDTHS,
} from './support.ts';

/**
 * Issue 18, purposes: the admin keeps the purposes a lookup may name on /admin/finalidades (create,
 * edit, deactivate, delete), and a purpose some lookup used is refused deletion with 'Desativar'
 * offered instead; the screen passes axe in both themes at 390 and 1280 px.
 */

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const SEEDED = 'Prevenção a fraudes';
const PURPOSE_IN_USE =
  'Esta finalidade já foi usada em consultas e não pode ser excluída. Desative-a para que não seja mais oferecida.';

mkdirSync(SHOTS, { recursive: true });

interface PurposeRow {
  id: number;
  nome: string;
  ativo: boolean;
}

/**
 * A subscriber runs one CPF lookup on the demo provider naming the seeded purpose, which makes that
 * purpose used. Done through the API before the admin's page signs in: signing the admin in through
 * the API would end the page's session.
 */
async function useSeededPurpose(request: APIRequestContext) {
  const admin = { Authorization: `Bearer ${await adminToken(request)}` };
  const list = await request.get('/api/admin/finalidades', { headers: admin });
  expect(list.ok()).toBe(true);
  const seeded = ((await list.json()) as { finalidades: PurposeRow[] }).finalidades.find(
    (purpose) => purpose.nome === SEEDED,
  );
  expect(seeded?.ativo).toBe(true);

  const account = await createSubscriber(request, 10);
  const user = { Authorization: `Bearer ${await apiToken(request, account.email, account.senha)}` };
  await lookUpCpfThroughApi(request, user, { purpose: SEEDED });
}

/** The active purposes a lookup may name, read with the page's own session. */
async function activePurposeNames(page: Page): Promise<string[]> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get('/api/finalidades', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { finalidades: PurposeRow[] }).finalidades.map(
    (purpose) => purpose.nome,
  );
}

/** `name` at 390 and 1280 px, in the page's current colour scheme. */
async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settle(page);
    await page.screenshot({ path: `${SHOTS}/s8-finalidades-${name}-${size.width}.png`, fullPage });
  }
  await page.setViewportSize(DESKTOP);
}

const rowOf = (page: Page, name: string) => page.getByRole('row', { name, exact: true });

test('an admin creates, edits and deactivates a purpose, and a used one is kept with Desativar offered', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await useSeededPurpose(request);

  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.senha);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin/logs');
  await page
    .getByRole('navigation', { name: 'Administração' })
    .getByRole('link', { name: 'Finalidades' })
    .click();
  await expect(page).toHaveURL(/\/admin\/finalidades$/);
  await expect(page).toHaveTitle('Finalidades · Painel Consulta');
  await expect(page.getByRole('heading', { level: 1, name: 'Finalidades' })).toBeVisible();

  // The four seeded purposes, each with its basis as the law names it.
  for (const [nome, basis] of [
    ['Análise de crédito', 'Art. 7º, X — Proteção do crédito'],
    [SEEDED, 'Art. 7º, IX — Interesse legítimo'],
    [
      'Cumprimento de obrigação legal ou regulatória',
      'Art. 7º, II — Cumprimento de obrigação legal ou regulatória',
    ],
    ['Exercício regular de direitos', 'Art. 7º, VI — Exercício regular de direitos'],
  ] as const) {
    await expect(rowOf(page, nome)).toContainText(basis);
    await expect(rowOf(page, nome)).toContainText('Ativa');
  }

  // Create: the empty form is refused on the screen, then the purpose is created.
  const nome = `Auditoria interna ${Date.now()}`;
  await page.getByRole('button', { name: 'Nova finalidade' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nova finalidade' });
  await dialog.getByRole('button', { name: 'Criar finalidade' }).click();
  await expect(dialog.getByText('Informe o nome da finalidade')).toBeVisible();
  await expect(dialog.getByText('Escolha uma das bases legais do art. 7º da LGPD (I a X)')).toBeVisible();
  await dialog.getByLabel('Nome').fill(nome);
  await dialog.getByLabel('Base legal').selectOption('II');
  await shoot(page, 'form-light', { fullPage: false });
  await dialog.getByRole('button', { name: 'Criar finalidade' }).click();
  await expect(page.getByText('Finalidade criada')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rowOf(page, nome)).toContainText(
    'Art. 7º, II — Cumprimento de obrigação legal ou regulatória',
  );

  // A name already taken, in another case, is refused under Nome.
  await page.getByRole('button', { name: 'Nova finalidade' }).click();
  await dialog.getByLabel('Nome').fill(nome.toUpperCase());
  await dialog.getByLabel('Base legal').selectOption('I');
  await dialog.getByRole('button', { name: 'Criar finalidade' }).click();
  await expect(dialog.getByLabel('Nome')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Já existe uma finalidade com este nome', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  // Edit: a new name and basis, and minors allowed.
  const edited = `${nome} (revisada)`;
  await rowOf(page, nome).getByRole('button', { name: 'Editar' }).click();
  const editDialog = page.getByRole('dialog', { name: `Editar ${nome}` });
  await expect(editDialog.getByLabel('Nome')).toHaveValue(nome);
  await expect(editDialog.getByLabel('Base legal')).toHaveValue('II');
  await editDialog.getByLabel('Nome').fill(edited);
  await editDialog.getByLabel('Base legal').selectOption('VI');
  await editDialog.getByRole('switch', { name: /Permite menores/ }).click();
  await editDialog.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Finalidade atualizada')).toBeVisible();
  const row = rowOf(page, edited);
  await expect(row).toContainText('Art. 7º, VI — Exercício regular de direitos');
  await expect(row).toContainText('Sim');
  expect(await activePurposeNames(page)).toContain(edited);

  // Deactivate with the switch: it leaves the list new lookups choose from.
  const active = row.getByRole('switch', { name: `Finalidade ativa: ${edited}` });
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PUT' && /\/api\/admin\/finalidades\/\d+$/.test(response.url()),
  );
  await active.click();
  expect((await saved).ok()).toBe(true);
  await expect(active).not.toBeChecked();
  await expect(row).toContainText('Inativa');
  expect(await activePurposeNames(page)).not.toContain(edited);
  await page.reload();
  await expect(rowOf(page, edited)).toContainText('Inativa');

  // On a phone the rows are cards, the switch a 44 px target, and nothing runs off the side.
  await page.setViewportSize(PHONE);
  const phoneSwitch = rowOf(page, edited).getByRole('switch');
  const box = await phoneSwitch.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(44);
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await expect(page.getByRole('columnheader', { name: 'Finalidade' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(DESKTOP);
  await shoot(page, 'light');

  // The seeded purpose a lookup used cannot be deleted: the reason, and 'Desativar' offered.
  await rowOf(page, SEEDED).getByRole('button', { name: 'Excluir' }).click();
  await page
    .getByRole('alertdialog', { name: `Excluir ${SEEDED}` })
    .getByRole('button', { name: 'Excluir' })
    .click();
  const refusal = page.getByRole('alertdialog', { name: `Não é possível excluir ${SEEDED}` });
  await expect(refusal).toContainText(PURPOSE_IN_USE);
  await expect(refusal.getByRole('button', { name: 'Desativar' })).toBeVisible();
  const findings = await axeFindings(page, 'light, refusal', '[role="alertdialog"]');
  await shoot(page, 'refusal-light', { fullPage: false });
  // Kept active for the specs that run lookups after this one.
  await refusal.getByRole('button', { name: 'Cancelar' }).click();
  await expect(refusal).toBeHidden();
  await expect(rowOf(page, SEEDED)).toContainText('Ativa');

  // Axe on the list and the form, light then dark; the dark screenshots.
  findings.push(...(await axeFindings(page, 'light')));
  await page.getByRole('button', { name: 'Nova finalidade' }).click();
  await expect(dialog).toBeVisible();
  findings.push(...(await axeFindings(page, 'light, form', '[role="dialog"]')));
  await page.keyboard.press('Escape');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(rowOf(page, SEEDED)).toBeVisible();
  findings.push(...(await axeFindings(page, 'dark')));
  await shoot(page, 'dark');
  await page.getByRole('button', { name: 'Nova finalidade' }).click();
  await expect(dialog).toBeVisible();
  findings.push(...(await axeFindings(page, 'dark, form', '[role="dialog"]')));
  await shoot(page, 'form-dark', { fullPage: false });
  await page.keyboard.press('Escape');
  await rowOf(page, SEEDED).getByRole('button', { name: 'Excluir' }).click();
  await page
    .getByRole('alertdialog', { name: `Excluir ${SEEDED}` })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(refusal).toContainText(PURPOSE_IN_USE);
  findings.push(...(await axeFindings(page, 'dark, refusal', '[role="alertdialog"]')));
  await shoot(page, 'refusal-dark', { fullPage: false });
  await refusal.getByRole('button', { name: 'Cancelar' }).click();
  await page.emulateMedia({ colorScheme: 'light' });
  expect(findings, findings.join('\n')).toEqual([]);

  // The purpose created here was never used: it is deleted.
  await rowOf(page, edited).getByRole('button', { name: 'Excluir' }).click();
  await page
    .getByRole('alertdialog', { name: `Excluir ${edited}` })
    .getByRole('button', { name: 'Excluir' })
    .click();
  await expect(page.getByText('Finalidade excluída')).toBeVisible();
  await expect(rowOf(page, edited)).toHaveCount(0);
  await expect(page.getByText('Finalidade excluída')).toBeHidden({ timeout: 15_000 });

  // The settings screen shows whether every lookup must name a purpose (on by default).
  await page
    .getByRole('navigation', { name: 'Administração' })
    .getByRole('link', { name: 'Configurações' })
    .click();
  const required = page.getByRole('switch', { name: 'Exigir finalidade nas consultas' });
  await expect(required).toBeChecked();
  await expect(
    page.getByText('LGPD: cada consulta precisa de uma finalidade e de uma base legal (art. 7º).'),
  ).toBeVisible();
  await shoot(page, 'settings-light');
});
