import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN, E2E_CAPTCHA } from '../playwright.config.ts';
import { signInThroughForm, uniqueEmail } from './support.ts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

async function shoot(page: Page, name: string, sizes = [DESKTOP, PHONE]) {
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SCREENSHOTS}/plans-admin-${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** The API with the browser's own session (a second login would end it: one session without a plan). */
async function browserHeaders(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

/** Each card on its own, so the phone layout can be read (a full phone page is too tall to look at). */
async function shootParts(page: Page, name: string) {
  await page.setViewportSize(PHONE);
  const parts = {
    create: page.getByRole('form', { name: 'Novo plano' }),
    pix: page.getByRole('form', { name: 'Configuração PIX' }),
    plans: page.getByRole('region', { name: 'Planos cadastrados' }),
    payments: page.getByRole('region', { name: 'Pagamentos PIX' }),
  };
  for (const [part, locator] of Object.entries(parts)) {
    if ((await locator.count()) === 0) continue;
    // From the top of the page, so the sticky header stays where it belongs and covers nothing.
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await locator.boundingBox();
    if (!box) continue;
    await page.screenshot({
      path: `${SCREENSHOTS}/plans-admin-${name}-${part}-390.png`,
      fullPage: true,
      clip: box,
    });
  }
  await page.setViewportSize(DESKTOP);
}

const planRow = (page: Page, name: string) => page.getByRole('row', { name, exact: true });

async function createPlanThroughForm(page: Page, name: string, price: string) {
  const form = page.getByRole('form', { name: 'Novo plano' });
  await form.getByLabel('Nome').fill(name);
  await form.getByLabel('Preço (R$)').fill(price);
  await form.getByLabel('Duração').fill('1');
  await form.getByLabel('Unidade').selectOption({ label: 'Meses' });
  await form.getByLabel('Acessos simultâneos (IPs)').fill('2');
  await form.getByLabel('Benefícios').fill('Consultas ilimitadas\n\n  Suporte por WhatsApp  \n');
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/admin/plans') && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: 'Criar plano' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; price_cents: number; metadata: { benefits: string[] } };
}

test('an admin creates, deactivates, renames and deletes a plan, configures PIX and polls payments', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const name = `Plano E2E ${stamp}`;
  const renamed = `Plano E2E Renomeado ${stamp}`;
  const sold = `Plano Vendido E2E ${stamp}`;

  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.senha);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin/plans');
  await expect(page.getByRole('heading', { name: 'Planos', exact: true })).toBeVisible();
  await expect(page.locator('tbody tr[data-plan-id]').first()).toBeVisible();
  const headers = await browserHeaders(page);

  // Create with the pt-BR price '19,90'.
  const plan = await createPlanThroughForm(page, name, '19,90');
  expect(plan.price_cents).toBe(1990);
  expect(plan.metadata.benefits).toEqual(['Consultas ilimitadas', 'Suporte por WhatsApp']);
  await expect(page.getByText('Plano criado')).toBeVisible();
  const row = planRow(page, name);
  await expect(row).toBeVisible();
  await expect(row.getByText('R$ 19,90')).toBeVisible();
  await expect(row.getByText('1 mês')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Novo plano' }).getByLabel('Nome')).toHaveValue('');

  // Inactive: no longer offered on /planos.
  const toggle = row.getByRole('switch', { name: `Plano ativo: ${name}` });
  await expect(toggle).toBeChecked();
  const toggled = page.waitForResponse((response) => response.url().endsWith(`/api/admin/plans/${plan.id}`));
  await toggle.click();
  expect((await toggled).status()).toBe(200);
  await expect(toggle).not.toBeChecked();
  await expect(row.getByText('Inativo')).toBeVisible();
  const offered = (await (await page.request.get('/api/plans/active', { headers })).json()) as {
    plans: { id: number }[];
  };
  expect(offered.plans.map((item) => item.id)).not.toContain(plan.id);

  // Rename inline.
  await row.getByRole('button', { name: 'Editar' }).click();
  const editing = page.getByRole('form', { name: `Editar ${name}` });
  await expect(editing.getByLabel('Preço (R$)')).toHaveValue('19,90');
  await editing.getByLabel('Nome').fill(renamed);
  await shoot(page, 'edit', [DESKTOP]);
  await page.setViewportSize(PHONE);
  await editing.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/plans-admin-edit-390.png` });
  await page.setViewportSize(DESKTOP);
  await editing.getByRole('button', { name: 'Salvar' }).click();
  await expect(editing).toBeHidden();
  await expect(planRow(page, renamed)).toBeVisible();
  await expect(planRow(page, name)).toHaveCount(0);
  await page.reload();
  await expect(planRow(page, renamed)).toBeVisible();
  await expect(planRow(page, renamed).getByRole('switch')).not.toBeChecked();

  // Delete the unused plan, after the confirmation.
  await planRow(page, renamed).getByRole('button', { name: 'Deletar' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Tem certeza que deseja deletar este plano?');
  await dialog.screenshot({ path: `${SCREENSHOTS}/plans-admin-delete-dialog-1280.png` });
  await dialog.getByRole('button', { name: 'Deletar' }).click();
  await expect(page.getByText('Plano deletado')).toBeVisible();
  await expect(planRow(page, renamed)).toHaveCount(0);

  // A plan that was charged is refused (409) with the reason.
  const soldPlan = await createPlanThroughForm(page, sold, '9,90');
  const charge = await page.request.post('/api/payments/create-pix', {
    headers,
    data: { planId: soldPlan.id, idempotencyKey: `e2e-${stamp}` },
  });
  expect(charge.ok()).toBe(true);
  const { pixPayment } = (await charge.json()) as { pixPayment: { id: number; pix_id_external: string } };
  await planRow(page, sold).getByRole('button', { name: 'Deletar' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deletar' }).click();
  await expect(page.getByText('Erro ao deletar plano')).toBeVisible();
  await expect(page.getByText(/já foi assinado ou cobrado e não pode ser deletado/)).toBeVisible();
  await expect(planRow(page, sold)).toBeVisible();

  // PIX settings (sandbox): the secret is write-only, shown masked once saved.
  const pix = page.getByRole('form', { name: 'Configuração PIX' });
  await pix.getByLabel('Provedor').selectOption('sandbox');
  await pix.getByRole('textbox', { name: 'Segredo do webhook' }).fill('segredo-e2e-4321');
  await expect(pix.getByTestId('webhook-url')).toHaveText(
    /^http:\/\/127\.0\.0\.1:\d+\/api\/payments\/webhook\/mercadopago$/,
  );
  await pix.getByRole('button', { name: 'Salvar configuração' }).click();
  await expect(page.getByText('Configuração PIX salva')).toBeVisible();
  await expect(pix.getByText('••••••••4321')).toBeVisible();
  await expect(pix.getByRole('textbox', { name: 'Segredo do webhook' })).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('form', { name: 'Configuração PIX' }).getByText('••••••••4321')).toBeVisible();
  expect(await page.content()).not.toContain('segredo-e2e-4321');

  // Payments: the charge shows as waiting; paid at the sandbox bank, it turns confirmed.
  const payments = page.getByRole('region', { name: 'Pagamentos PIX' });
  const paymentRow = payments.getByRole('row', { name: `Pagamento ${pixPayment.id}` });
  await payments.getByRole('button', { name: 'Atualizar' }).click();
  await expect(paymentRow).toContainText(sold);
  await expect(paymentRow).toContainText('R$ 9,90');
  await expect(paymentRow.getByText('Aguardando')).toBeVisible();
  await shoot(page, 'page');
  await shootParts(page, 'page');

  const paid = await page.request.post(`/api/sandbox/pix/${pixPayment.pix_id_external}/pay`, { headers });
  expect(paid.ok()).toBe(true);
  const polled = page.waitForResponse((response) => response.url().includes('/api/payments/batch-poll'));
  await payments.getByRole('button', { name: 'Rodar Poll' }).click();
  expect((await polled).status()).toBe(200);
  await expect(payments.getByText(/^Último poll: \d+ consultados?, \d+ alterados? \(/)).toBeVisible();
  await expect(async () => {
    await payments.getByRole('button', { name: 'Atualizar' }).click();
    await expect(paymentRow.getByText('Confirmado')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${SCREENSHOTS}/plans-admin-page-dark-1280.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
});

async function adminHeaders(request: APIRequestContext) {
  const captcha = (await (await request.get('/api/captcha')).json()) as { id: string };
  const login = await request.post('/api/auth/login', {
    data: {
      email: E2E_ADMIN.email,
      senha: E2E_ADMIN.senha,
      captcha_id: captcha.id,
      captcha_answer: E2E_CAPTCHA,
    },
  });
  expect(login.ok()).toBe(true);
  return { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
}

test('a reseller lists the plans read-only, with no control that changes them and no PIX', async ({
  page,
  request,
}) => {
  const reseller = { email: uniqueEmail('revenda-planos'), senha: 'senha-revenda-1' };
  const created = await request.post('/api/users', {
    headers: await adminHeaders(request),
    data: { nome: 'Revenda Planos', ...reseller, tipo: 'revendedor', creditos: 0, dias_ativos: 30 },
  });
  expect(created.status()).toBe(201);

  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, reseller.email, reseller.senha);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin/plans');
  await expect(page.locator('tbody tr[data-plan-id]').first()).toBeVisible();
  await expect(page.getByText(/Somente leitura/)).toBeVisible();
  await expect(page.getByRole('switch')).toHaveCount(0);
  for (const name of ['Editar', 'Deletar', 'Criar plano', 'Salvar configuração', 'Rodar Poll', 'Atualizar']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByText('Configuração PIX')).toHaveCount(0);
  await expect(page.getByText('Pagamentos PIX')).toHaveCount(0);
  await shoot(page, 'reseller');
  await shootParts(page, 'reseller');

  // The server refuses what the panel hides.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const refused = await page.request.post('/api/admin/plans', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: 'Não pode', price_cents: 100, duration_value: 1, duration_unit: 'days' },
  });
  expect(refused.status()).toBe(403);
});
