import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_CAPTCHA } from '../playwright.config.ts';
import { adminToken, choosePurpose, createSubscriber, signInThroughForm, uniqueEmail } from './support.ts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function setTrialLimit(request: APIRequestContext, trialLimit: number) {
  const token = await adminToken(request);
  const response = await request.put('/api/admin/settings', {
    headers: { Authorization: `Bearer ${token}` },
    data: { trial_limit: trialLimit },
  });
  expect(response.ok()).toBe(true);
}

async function registerThroughForm(page: Page, nome: string) {
  const senha = 'senha-e2e-lookup';
  await page.goto('/register');
  await page.getByLabel('Nome').fill(nome);
  await page.getByLabel('Email').fill(uniqueEmail('consulta'));
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByLabel('Confirmar senha').fill(senha);
  await page.getByLabel('Captcha').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  for (const [label, size] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({
      path: `${SCREENSHOTS}/issue4-${name}-${label}.png`,
      fullPage: options.fullPage ?? true,
    });
  }
}

test('a trial user runs CPF lookups on the demo provider, saves a PDF and uses up the trial', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await setTrialLimit(request, 2);
  await page.setViewportSize(DESKTOP);
  await registerThroughForm(page, 'Pessoa Consulta');

  // Dashboard: trial banner, the three cards, modules with the TESTE badge, no credit modules.
  await expect(page.getByRole('region', { name: 'Modo teste' })).toContainText('2 de 2');
  await expect(page.getByRole('region', { name: 'Créditos disponíveis' })).toContainText('0,00');
  await expect(page.getByRole('region', { name: 'Tempo restante' })).toContainText('Sem Assinatura');
  await expect(page.getByRole('region', { name: 'Plano ativo' })).toContainText('Nenhum plano');
  const cpfCard = page.getByRole('link', { name: 'CPF Completo: TESTE' });
  await expect(cpfCard).toBeVisible();
  await expect(page.locator('[data-testid="module-card"][data-badge="TESTE"]').first()).toBeVisible();

  await page.getByLabel('Buscar módulo').fill('zzz-nada');
  await expect(page.getByText('Nenhum módulo encontrado')).toBeVisible();
  await page.getByLabel('Buscar módulo').fill('cpf');
  await expect(cpfCard).toBeVisible();
  await page.getByLabel('Buscar módulo').fill('');
  await shoot(page, 'dashboard');

  // Query screen: counters, mask as placeholder, validation, auto-format.
  await cpfCard.click();
  await expect(page).toHaveURL(/\/consulta\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'CPF Completo' })).toBeVisible();
  await expect(page.getByText('TESTES: 2 restantes')).toBeVisible();
  const cpf = page.getByLabel('CPF');
  await expect(cpf).toHaveAttribute('placeholder', '000.000.000-00');
  await expect(cpf).toHaveAttribute('inputmode', 'numeric');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByText('Campo obrigatório')).toBeVisible();
  await cpf.fill('1234');
  await expect(page.getByText('Campo obrigatório')).toHaveCount(0);
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByText('Preencha todos os dígitos')).toBeVisible();
  await cpf.fill('12345678909');
  await expect(cpf).toHaveValue('123.456.789-09');
  await choosePurpose(page);
  await shoot(page, 'query');

  await page.getByRole('button', { name: 'Consultar' }).click();
  const result = page.getByTestId('result-view');
  await expect(result).toBeVisible();
  await expect(page.getByText(/Resultado de teste: parte dos dados está oculta/)).toBeVisible();
  // Trial results are masked on the server.
  await expect(result.getByText('123.***.***-09').first()).toBeVisible();
  await expect(result.getByRole('heading', { name: 'Indicadores Serasa' })).toBeVisible();
  await expect(result.getByRole('heading', { name: 'Endereços' })).toBeVisible();
  await expect(result.getByRole('heading', { name: 'Telefones' })).toBeVisible();
  await expect(page.getByText('TESTES: 1 restantes')).toBeVisible();
  await shoot(page, 'result');

  // Dark mode stays readable; the print layout shows only the document.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SCREENSHOTS}/issue4-result-dark-1280.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-document')).toBeVisible();
  await expect(
    page.getByTestId('print-document').getByRole('heading', { name: 'Resultado da Consulta' }),
  ).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/issue4-print-1280.png` });
  const printed = await page.pdf({ path: `${SCREENSHOTS}/issue4-print.pdf`, preferCSSPageSize: true });
  expect(printed.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(printed.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0).toBeGreaterThan(1);
  await page.emulateMedia({ media: 'screen' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(page.getByTestId('print-document')).toHaveCount(0);

  // Salvar PDF downloads a real PDF.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Salvar PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^consulta-cpf-completo-.*\.pdf$/);
  const pdf = await readFile((await download.path()) ?? '');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(2_000);

  // Copiar puts the report text on the clipboard.
  await page.getByRole('button', { name: 'Copiar' }).click();
  await expect(page.getByText('Resultado copiado')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('RESULTADO DA CONSULTA');
  expect(copied).toContain('== JSON COMPLETO ==');

  // The big report (CPF starting with 9) through the quick panel: long tables are virtualised.
  const quick = page.getByRole('region', { name: 'Nova Consulta Rápida' });
  await quick.getByLabel('CPF').fill('91234567873');
  await choosePurpose(quick);
  await quick.getByRole('button', { name: 'Consultar' }).click();
  await expect(result.getByRole('heading', { name: 'Telefones' })).toBeVisible();
  await expect(result.getByRole('region', { name: 'Telefones' }).getByText('2.000 item(s)')).toBeVisible();
  const renderedPhoneRows = await result
    .getByRole('region', { name: 'Telefones: tabela com rolagem' })
    .locator('tbody tr')
    .count();
  expect(renderedPhoneRows).toBeLessThan(100);
  await expect(result.getByText(/itens ocultos/).first()).toBeVisible();
  await shoot(page, 'big-result', { fullPage: false });

  // The trial is used up: the button is blocked and the dashboard says so.
  await expect(page.getByText('TESTES: 0 restantes')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Consultar' }).first()).toBeDisabled();
  await expect(page.getByText('Sem testes restantes.').first()).toBeVisible();

  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/$/);
  const exhausted = page.locator('[data-testid="module-card"]', { hasText: 'CPF Completo' });
  await expect(exhausted).toHaveAttribute('data-badge', 'LIMITE TRIAL EXCEDIDO');
  await expect(exhausted).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('link', { name: /CPF Completo/ })).toHaveCount(0);
  await expect(
    page.getByText('Você esgotou seus testes gratuitos. Assine um plano para continuar.'),
  ).toBeVisible();

  // History: both lookups, newest first.
  await page.getByRole('link', { name: 'Histórico' }).click();
  await expect(page.getByRole('heading', { name: 'Histórico de consultas' })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Consultas' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('CPF Completo');
  await expect(rows.first()).toContainText('Sucesso');
  await expect(rows.first()).toContainText('912.345.678-73');
  await shoot(page, 'history');

  // A stored result opens again from the history.
  await rows
    .nth(1)
    .getByRole('button', { name: /Ver resultado/ })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('result-view')).toBeVisible();
  await expect(dialog.getByText('123.***.***-09').first()).toBeVisible();
  await shoot(page, 'history-result', { fullPage: false });
  await dialog.getByRole('button', { name: 'Fechar' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a subscriber runs a credit lookup (CNPJ) and a vehicle lookup, and the credits go down', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await createSubscriber(request, 5);
  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, account.email, account.senha);
  await expect(page).toHaveURL(/\/$/);

  await expect(page.getByRole('region', { name: 'Tempo restante' })).toContainText('30');
  await expect(page.getByRole('region', { name: 'Tempo restante' })).toContainText('Dias Restantes');
  await expect(page.getByRole('region', { name: 'Créditos disponíveis' })).toContainText('5,00');
  await expect(page.getByRole('region', { name: 'Modo teste' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'CPF Completo: ONLINE' })).toBeVisible();
  await shoot(page, 'dashboard-subscriber');

  await page.getByRole('link', { name: 'CNPJ: ONLINE' }).click();
  await expect(page.getByRole('main').getByText('Créditos: 5,00')).toBeVisible();
  await page.getByLabel('CNPJ').fill('11222333000181');
  await expect(page.getByLabel('CNPJ')).toHaveValue('11.222.333/0001-81');
  await choosePurpose(page);
  await page.getByRole('button', { name: 'Consultar' }).click();
  const result = page.getByTestId('result-view');
  await expect(result.getByText('11.222.333/0001-81').first()).toBeVisible();
  await expect(result.getByRole('heading', { name: 'Quadro societário' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Créditos: 4,00')).toBeVisible();
  await shoot(page, 'result-company');

  await page.getByRole('link', { name: 'Voltar' }).click();
  await page.getByRole('link', { name: 'Placa: ONLINE' }).click();
  await page.getByLabel('Placa').fill('ABC1234');
  await choosePurpose(page);
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(result.getByText('ABC1234').first()).toBeVisible();
  await expect(result.getByText('EM CIRCULAÇÃO')).toBeVisible();
  await shoot(page, 'result-vehicle');
});

test('on a phone, a subscriber types an alphanumeric CNPJ into the company module and reads the company', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const account = await createSubscriber(request, 5);
  await page.setViewportSize(PHONE);
  await signInThroughForm(page, account.email, account.senha);
  await page.getByRole('link', { name: 'CNPJ: ONLINE' }).click();

  const cnpj = page.getByLabel('CNPJ');
  await expect(cnpj).toHaveAttribute('placeholder', 'AA.AAA.AAA/AAAA-00');
  await cnpj.pressSequentially('12abc34501de36');
  await expect(cnpj).toHaveValue('12.ABC.345/01DE-36');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByText('CNPJ inválido')).toBeVisible();
  await expect(page.getByRole('main').getByText('Créditos: 5,00')).toBeVisible();

  await cnpj.fill('12abc34501de35');
  await expect(cnpj).toHaveValue('12.ABC.345/01DE-35');
  await choosePurpose(page);
  await page.getByRole('button', { name: 'Consultar' }).click();
  const result = page.getByTestId('result-view');
  await expect(result.getByText(/12\.?ABC\.?345\/?01DE-?35/).first()).toBeVisible();
  await expect(result.getByRole('heading', { name: 'Quadro societário' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Créditos: 4,00')).toBeVisible();
  // The company's phones: one formatted phone per row, not a DDD and a number apart.
  const phones = result.getByRole('region', { name: 'Telefones', exact: true }).first();
  await expect(phones.getByRole('cell', { name: /^\(\d{2}\) 9?\d{4}-\d{4}$/ }).first()).toBeVisible();
  await shoot(page, 'result-company-alphanumeric-390');

  // History finds it by the CNPJ typed in lower case and with punctuation, and writes it formatted.
  await page.goto('/historico');
  await page.getByRole('searchbox', { name: 'Buscar no histórico' }).fill('12.abc.345');
  await expect(page).toHaveURL(/busca=12.abc.345/);
  const rows = page.getByRole('list', { name: 'Consultas' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('12.ABC.345/01DE-35');
  for (const [label, size] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    for (const scheme of ['light', 'dark'] as const) {
      // Loaded again in each theme, as a user whose system uses it would open the page.
      await page.emulateMedia({ colorScheme: scheme });
      await page.reload();
      await expect(rows.first()).toContainText('12.ABC.345/01DE-35');
      await page.screenshot({
        path: `${SCREENSHOTS}/issue16-history-search-${scheme}-${label}.png`,
        fullPage: true,
      });
    }
  }
});
