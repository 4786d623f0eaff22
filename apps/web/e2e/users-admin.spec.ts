import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config.ts';
import { signInThroughForm, uniqueEmail } from './support.ts';

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const userRow = (page: Page, nome: string) => page.getByRole('row', { name: nome, exact: true });

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token as string;
}

/** Users made straight through the API (with the signed-in admin's token), to fill pages. */
async function createUsersThroughApi(
  request: APIRequestContext,
  token: string,
  count: number,
  tipo: 'usuario' | 'revendedor' = 'usuario',
) {
  const created: { id: number; email: string; nome: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = uniqueEmail(tipo === 'usuario' ? 'enchimento' : 'revenda');
    const nome = `${tipo === 'usuario' ? 'Enchimento' : 'Revenda'} ${index + 1} ${Date.now()}`;
    const response = await request.post('/api/users', {
      headers: { Authorization: `Bearer ${token}` },
      data: { nome, email, senha: 'senha-e2e-1', tipo },
    });
    expect(response.status()).toBe(201);
    const { user } = (await response.json()) as { user: { id: number } };
    created.push({ id: user.id, email, nome });
  }
  return created;
}

test('an admin creates a user, finds it, adds credits, bans it and opens it highlighted', async ({
  page,
  request,
}) => {
  // Twenty-odd users are created on the way (each with a password hash), so this one runs longer.
  test.setTimeout(120_000);
  const nome = `Cliente E2E ${Date.now()}`;
  const email = uniqueEmail('cliente');
  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.senha);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/admin/usuarios');
  await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
  await expect(page.getByText(/Página 1 de \d+ • Total: \d+/)).toBeVisible();
  await expect(page.getByLabel('Por página')).toHaveValue('20');

  // 'Novo Usuário' with its defaults: usuario, 0 credits, 30 days.
  await page.getByRole('button', { name: 'Novo Usuário' }).click();
  const create = page.getByRole('dialog', { name: 'Novo Usuário' });
  await expect(create.getByLabel('Tipo')).toHaveValue('usuario');
  await expect(create.getByLabel('Créditos')).toHaveValue('0');
  await expect(create.getByLabel('Dias ativos')).toHaveValue('30');
  await create.getByRole('button', { name: 'Criar usuário' }).click();
  await expect(create.getByText('Campo obrigatório').first()).toBeVisible();
  await create.getByLabel('Nome').fill(nome);
  await create.getByLabel('Email').fill(email);
  await create.getByLabel('Senha').fill('senha-cliente-1');
  await create.screenshot({ path: `${SCREENSHOTS}/users-create-1280.png` });
  await create.getByRole('button', { name: 'Criar usuário' }).click();
  await expect(create).toBeHidden();
  await expect(page.getByText('Usuário criado com sucesso')).toBeVisible();

  // Found by the (debounced) search: only that row is left.
  const listed = page.waitForResponse(
    (response) => response.url().includes('/api/users?') && response.url().includes('q=cliente-'),
  );
  await page.getByPlaceholder('Buscar por nome ou email...').fill(email);
  await listed;
  const row = userRow(page, nome);
  await expect(row).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(row.getByText('Ativo', { exact: true })).toBeVisible();
  await expect(row.getByText('Usuário', { exact: true })).toBeVisible();
  await expect(row.getByTestId('user-credits')).toHaveText('0,00');
  const id = Number(await row.getAttribute('data-user-id'));
  expect(id).toBeGreaterThan(0);
  await expect(row).toContainText(`#${id}`);

  // Credits: the balance in the row changes.
  await row.getByRole('button', { name: `Ações de ${nome}` }).click();
  await page.getByRole('menuitem', { name: 'Adicionar créditos' }).click();
  const credits = page.getByRole('dialog', { name: 'Adicionar créditos' });
  await credits.getByLabel('Créditos').fill('0');
  await credits.getByRole('button', { name: 'Adicionar' }).click();
  await expect(credits.getByText('Por favor, insira um valor válido')).toBeVisible();
  await credits.getByLabel('Créditos').fill('25');
  await credits.getByRole('button', { name: 'Adicionar' }).click();
  await expect(credits).toBeHidden();
  await expect(page.getByText('Créditos adicionados')).toBeVisible();
  await expect(row.getByTestId('user-credits')).toHaveText('25,00');

  // The edit dialog shows the credit statement with that entry.
  await row.getByRole('button', { name: `Editar ${nome}` }).click();
  const edit = page.getByRole('dialog', { name: `Editar ${nome}` });
  const statement = edit.getByRole('list', { name: 'Lançamentos' });
  await expect(statement).toContainText('Crédito adicionado pela administração');
  await expect(statement).toContainText('+25,00');
  await edit.screenshot({ path: `${SCREENSHOTS}/users-edit-1280.png` });
  await edit.getByRole('button', { name: 'Cancelar' }).click();
  await expect(edit).toBeHidden();

  // Ban with a reason: the status turns Banido.
  await row.getByRole('button', { name: `Ações de ${nome}` }).click();
  await page.getByRole('menuitem', { name: 'Banir' }).click();
  const ban = page.getByRole('dialog', { name: `Banir ${nome}` });
  await expect(ban).toContainText('Tem certeza que deseja banir este usuário?');
  await ban.getByRole('button', { name: 'Banir' }).click();
  await expect(ban.getByText('Motivo do banimento é obrigatório')).toBeVisible();
  await ban.getByLabel('Motivo do banimento').fill('Compartilhou a senha (teste E2E)');
  await ban.getByRole('button', { name: 'Banir' }).click();
  await expect(ban).toBeHidden();
  await expect(row.getByText('Banido', { exact: true })).toBeVisible();
  await expect(row.getByText('Ativo', { exact: true })).toHaveCount(0);

  // Push the user off page 1, then open it by ?highlight=: the list finds it and marks its row.
  await createUsersThroughApi(request, await tokenOf(page), 21);
  await page.goto(`/admin/usuarios?highlight=${id}`);
  const marked = page.locator('tr[data-highlighted="true"]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveAttribute('data-user-id', String(id));
  await expect(marked).toBeInViewport();
  await expect(marked.getByText('Banido', { exact: true })).toBeVisible();
  await expect(page.getByPlaceholder('Buscar por nome ou email...')).toHaveValue(email);
  await page.screenshot({ path: `${SCREENSHOTS}/users-highlight-1280.png` });

  // The full list, with pagination (now more than 20 users).
  await page.goto('/admin/usuarios');
  await expect(page.getByText(/Página 1 de [2-9] • Total: \d+/)).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(20);
  await page.getByRole('button', { name: 'Próxima ›' }).click();
  await expect(page.getByText(/Página 2 de/)).toBeVisible();
  await page.getByRole('button', { name: '« Primeiro' }).click();
  await expect(page.getByText(/Página 1 de/)).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/users-list-1280.png`, fullPage: true });

  // Limits dialog.
  const first = page.locator('tbody tr').first();
  await first.getByRole('button', { name: /^Ações de / }).click();
  await page.getByRole('menuitem', { name: 'Limites de Uso' }).click();
  const limits = page.getByRole('dialog', { name: 'Limites de Uso' });
  await expect(limits.getByRole('progressbar').first()).toBeVisible();
  await limits.screenshot({ path: `${SCREENSHOTS}/users-limits-1280.png` });
  await limits.getByRole('button', { name: 'Fechar' }).click();

  // Phone.
  await page.setViewportSize(PHONE);
  await page.goto(`/admin/usuarios?highlight=${id}`);
  await expect(page.locator('tr[data-highlighted="true"]')).toBeInViewport();
  await page.screenshot({ path: `${SCREENSHOTS}/users-highlight-390.png` });
  await page.goto('/admin/usuarios');
  await expect(page.locator('tbody tr')).toHaveCount(20);
  await page.screenshot({ path: `${SCREENSHOTS}/users-list-390.png` });
  await page.getByRole('navigation', { name: 'Paginação' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/users-pagination-390.png` });
  await page.getByRole('button', { name: 'Novo Usuário' }).click();
  await page.screenshot({ path: `${SCREENSHOTS}/users-create-390.png` });
  await page.getByRole('dialog', { name: 'Novo Usuário' }).getByRole('button', { name: 'Cancelar' }).click();
  await page
    .locator('tbody tr')
    .first()
    .getByRole('button', { name: /^Editar / })
    .click();
  await page.screenshot({ path: `${SCREENSHOTS}/users-edit-390.png` });
  await page.keyboard.press('Escape');
  await page
    .locator('tbody tr')
    .first()
    .getByRole('button', { name: /^Ações de / })
    .click();
  await page.getByRole('menuitem', { name: 'Limites de Uso' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Limites de Uso' }).getByRole('progressbar').first(),
  ).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/users-limits-390.png` });
  await page.keyboard.press('Escape');

  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`/admin/usuarios?highlight=${id}`);
  await expect(page.locator('tr[data-highlighted="true"]')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/users-dark-1280.png` });
  await page.emulateMedia({ colorScheme: 'light' });
});

test('a reseller sees only its own clients and none of the admin-only actions', async ({ page, request }) => {
  await page.setViewportSize(DESKTOP);
  await signInThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.senha);
  await expect(page).toHaveURL(/\/$/);
  const [reseller] = await createUsersThroughApi(request, await tokenOf(page), 1, 'revendedor');

  await page.evaluate(() => localStorage.clear());
  const resellerPage = page;
  await signInThroughForm(resellerPage, reseller!.email, 'senha-e2e-1');
  await expect(resellerPage).toHaveURL(/\/$/);
  await resellerPage.goto('/admin/usuarios');
  await expect(resellerPage.getByText('Página 1 de 1 • Total: 0')).toBeVisible();
  await expect(resellerPage.getByText('Nenhum usuário encontrado')).toBeVisible();
  await expect(resellerPage.getByText(/todos os seus clientes/)).toBeVisible();

  const client = `Cliente da revenda ${Date.now()}`;
  await resellerPage.getByRole('button', { name: 'Novo Usuário' }).click();
  const create = resellerPage.getByRole('dialog', { name: 'Novo Usuário' });
  await expect(create.getByLabel('Tipo')).toBeDisabled();
  await create.getByLabel('Nome').fill(client);
  await create.getByLabel('Email').fill(uniqueEmail('cliente-revenda'));
  await create.getByLabel('Senha').fill('senha-cliente-1');
  await create.getByRole('button', { name: 'Criar usuário' }).click();
  await expect(create).toBeHidden();

  const row = userRow(resellerPage, client);
  await expect(row).toBeVisible();
  await expect(resellerPage.locator('tbody tr')).toHaveCount(1);
  await row.getByRole('button', { name: `Ações de ${client}` }).click();
  await expect(resellerPage.getByRole('menuitem', { name: 'Adicionar créditos' })).toBeVisible();
  await expect(resellerPage.getByRole('menuitem', { name: 'Alterar role' })).toHaveCount(0);
  await expect(resellerPage.getByRole('menuitem', { name: 'Deletar' })).toHaveCount(0);
  await resellerPage.keyboard.press('Escape');

  // A reseller with no balance cannot give credits: the server's refusal is shown.
  await row.getByRole('button', { name: `Ações de ${client}` }).click();
  await resellerPage.getByRole('menuitem', { name: 'Adicionar créditos' }).click();
  const credits = resellerPage.getByRole('dialog', { name: 'Adicionar créditos' });
  await credits.getByLabel('Créditos').fill('5');
  await credits.getByRole('button', { name: 'Adicionar' }).click();
  await expect(credits.getByRole('alert')).toContainText('Saldo insuficiente');
  await credits.getByRole('button', { name: 'Cancelar' }).click();

  await row.getByRole('button', { name: `Editar ${client}` }).click();
  const edit = resellerPage.getByRole('dialog', { name: `Editar ${client}` });
  await expect(edit.getByLabel('Nome')).toHaveValue(client);
  await expect(edit.getByLabel('Tipo')).toHaveCount(0);
  await expect(edit.getByLabel(/Responsável/)).toHaveCount(0);
});
