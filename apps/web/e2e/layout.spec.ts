import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_ADMIN, E2E_CAPTCHA } from '../playwright.config.ts';
import { adminToken, uniqueEmail } from './support.ts';

/**
 * Issue 17, the frame of every page on a 390 × 844 phone and a 1280 px desktop: a one-row header at
 * most 64 px tall with the credits in sight and the rest in a menu, 44 px touch targets, toasts
 * below the header, one 'Planos' on the admin pages, the reseller's card readable, a title per
 * page, a skip link, a real 404 page and a skeleton while a page's code arrives.
 */

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const MAX_HEADER_HEIGHT = 64;
const MIN_TARGET = 44;

interface Account {
  email: string;
  senha: string;
}

async function createAccount(
  request: APIRequestContext,
  token: string,
  data: Record<string, unknown> & { nome: string; tipo: 'usuario' | 'revendedor' },
): Promise<Account & { id: number }> {
  const account = { email: uniqueEmail(data.tipo), senha: 'senha-e2e-layout' };
  const response = await request.post('/api/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { creditos: 0, dias_ativos: 30, ...data, ...account },
  });
  expect(response.status()).toBe(201);
  return { ...account, id: ((await response.json()) as { user: { id: number } }).user.id };
}

/** Signs in through the API and hands the session to the page, as the login form would leave it. */
async function signIn(page: Page, account: Account) {
  const captcha = await page.request.get('/api/captcha');
  const { id } = (await captcha.json()) as { id: string };
  const login = await page.request.post('/api/auth/login', {
    data: { email: account.email, senha: account.senha, captcha_id: id, captcha_answer: E2E_CAPTCHA },
  });
  expect(login.ok()).toBe(true);
  const { token, user } = (await login.json()) as { token: string; user: unknown };
  // A static file of the panel's origin: no page of the panel runs there to change the storage.
  await page.goto('/favicon.svg');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    },
    [token, JSON.stringify(user)] as const,
  );
}

/** Opens `path` in the given theme (set before the load: switching on a live page repaints wrongly). */
async function open(page: Page, path: string, theme: 'light' | 'dark' = 'light') {
  await page.emulateMedia({ colorScheme: theme });
  await page.goto(path);
}

/** The first screen of the page at both widths, named layout-<name>-<theme>-<width>.png. */
async function shoot(page: Page, name: string, theme: 'light' | 'dark', ready: Locator) {
  for (const [label, size] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await expect(ready).toBeVisible();
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SCREENSHOTS}/layout-${name}-${theme}-${label}.png` });
  }
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'element has a box').not.toBeNull();
  return found as NonNullable<typeof found>;
}

async function expectTouchTarget(locator: Locator) {
  const { width, height } = await box(locator);
  expect(width, 'target width').toBeGreaterThanOrEqual(MIN_TARGET);
  expect(height, 'target height').toBeGreaterThanOrEqual(MIN_TARGET);
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const header = (page: Page) => page.getByRole('banner');

async function expectHeaderRow(page: Page) {
  const { height } = await box(header(page));
  expect(height).toBeLessThanOrEqual(MAX_HEADER_HEIGHT);
  await expect(header(page).getByText(/Créditos:/)).toBeVisible();
}

test('the header is one row of at most 64 px on a phone and a desktop, for a user and an admin', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const user = await createAccount(request, token, {
    nome: 'Pessoa Cabeçalho',
    tipo: 'usuario',
    creditos: 12,
  });

  await signIn(page, user);
  await page.setViewportSize(PHONE);
  await open(page, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
  await expectHeaderRow(page);
  await expect(header(page)).toContainText('Créditos: 12,00');
  // The greeting, the links and 'Sair' wait in the menu, behind a finger-sized button.
  await expect(header(page).getByText('Olá, Pessoa Cabeçalho')).toBeHidden();
  const menuButton = header(page).getByRole('button', { name: 'Menu' });
  await expectTouchTarget(menuButton);
  await menuButton.click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('Olá, Pessoa Cabeçalho');
  await expect(menu).toContainText('Usuário');
  await expect(menu.getByRole('menuitem')).toHaveText(['Planos e créditos', 'Perfil', 'Sair']);
  for (const item of await menu.getByRole('menuitem').all()) await expectTouchTarget(item);
  await page.screenshot({ path: `${SCREENSHOTS}/layout-header-menu-light-390.png` });
  await menu.getByRole('menuitem', { name: 'Perfil' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expectHeaderRow(page);

  await page.setViewportSize(DESKTOP);
  await expectHeaderRow(page);
  await expect(header(page).getByText('Olá, Pessoa Cabeçalho')).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Menu' })).toBeHidden();
  await expect(header(page).getByRole('link', { name: 'Planos e créditos' })).toBeVisible();

  // The admin: the same row, and on admin pages one 'Planos' (the admin menu's) at either width.
  await signIn(page, E2E_ADMIN);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await open(page, '/admin/usuarios');
    await expect(page.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
    await expectHeaderRow(page);
    await expect(page.getByRole('link', { name: 'Planos', exact: true })).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Planos', exact: true })).toHaveAttribute(
      'href',
      '/admin/plans',
    );
  }
  await page.setViewportSize(PHONE);
  await header(page).getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    'Planos e créditos',
    'Perfil',
    'Admin',
    'Sair',
  ]);
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the skip link comes first and the keyboard then follows the page as it is seen', async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.setViewportSize(DESKTOP);
  await open(page, '/historico');
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico de consultas' })).toBeVisible();

  const focused = () =>
    page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
    });
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await expectTouchTarget(skip);
  await page.screenshot({ path: `${SCREENSHOTS}/layout-skip-link-light-1280.png` });

  // Left to right along the header: the logo, the links, 'Sair'.
  const order: string[] = [];
  for (let step = 0; step < 5; step += 1) {
    await page.keyboard.press('Tab');
    order.push(await focused());
  }
  expect(order).toEqual(['Painel Consulta', 'Planos e créditos', 'Perfil', 'Admin', 'Sair']);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico de consultas' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.getByRole('main').evaluate((main) => main.contains(document.activeElement))).toBe(true);
  await expect(page.getByRole('link', { name: 'Voltar' })).toBeFocused();

  // On a phone: the logo, then the menu, then the page.
  await page.setViewportSize(PHONE);
  await open(page, '/historico');
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico de consultas' })).toBeVisible();
  const phoneOrder: string[] = [];
  for (let step = 0; step < 4; step += 1) {
    await page.keyboard.press('Tab');
    phoneOrder.push(await focused());
  }
  expect(phoneOrder).toEqual(['Pular para o conteúdo', 'Painel Consulta', 'Menu', 'Voltar']);
});

test('every page names the browser tab after itself', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await open(page, '/login');
  await expect(page).toHaveTitle('Entrar · Painel Consulta');
  await page.getByRole('link', { name: 'Cadastre-se' }).click();
  await expect(page).toHaveTitle('Criar conta · Painel Consulta');

  await signIn(page, E2E_ADMIN);
  for (const [path, title] of [
    ['/', 'Início'],
    ['/historico', 'Histórico'],
    ['/profile', 'Perfil'],
    ['/planos', 'Planos e créditos'],
    ['/admin', 'Administração'],
    ['/admin/usuarios', 'Usuários'],
    ['/admin/plans', 'Planos'],
    ['/admin/logs', 'Logs'],
  ] as const) {
    await open(page, path);
    await expect(page).toHaveTitle(`${title} · Painel Consulta`);
  }
  // Moving inside the panel renames the tab too.
  await page.getByRole('navigation', { name: 'Menu rápido' }).getByRole('link', { name: 'Métricas' }).click();
  await expect(page).toHaveTitle('Métricas · Painel Consulta');
});

test('an unknown address shows a real 404 page, signed out and signed in', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await open(page, '/pagina-que-nao-existe');
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
  await expect(page).toHaveURL(/\/pagina-que-nao-existe$/);
  await expect(page).toHaveTitle('Página não encontrada · Painel Consulta');
  await expect(page.getByRole('main')).toContainText('/pagina-que-nao-existe');
  for (const theme of ['light', 'dark'] as const) {
    await open(page, '/pagina-que-nao-existe', theme);
    await shoot(page, '404-signed-out', theme, page.getByRole('heading', { name: 'Página não encontrada' }));
  }
  await page.setViewportSize(PHONE);
  await page.getByRole('link', { name: 'Ir para o login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, E2E_ADMIN);
  for (const theme of ['light', 'dark'] as const) {
    await open(page, '/admin/nada-aqui', theme);
    await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
    await expectHeaderRow(page);
    await shoot(page, '404-signed-in', theme, page.getByRole('heading', { name: 'Página não encontrada' }));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
});

test('switches, the sign-up link and the reseller card are finger-sized and readable on a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await open(page, '/login');
  await expectTouchTarget(page.getByRole('link', { name: 'Cadastre-se' }));
  await page.getByRole('link', { name: 'Cadastre-se' }).click();
  await expectTouchTarget(page.getByRole('link', { name: 'Entrar', exact: true }));

  // A reseller with a long name and e-mail and both contacts, and a client linked to it.
  const token = await adminToken(request);
  const reseller = await createAccount(request, token, {
    nome: 'Revendedora Maria Aparecida dos Santos Oliveira Consultas',
    tipo: 'revendedor',
  });
  const contacts = await request.put(`/api/users/${reseller.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { whatsapp_contato: '(11) 98765-4321', telegram_contato: '@revenda_layout' },
  });
  expect(contacts.ok()).toBe(true);
  const client = await createAccount(request, token, { nome: 'Cliente Layout', tipo: 'usuario' });
  const linked = await request.put(`/api/users/${client.id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { revendedor_id: reseller.id },
  });
  expect(linked.ok()).toBe(true);

  await signIn(page, client);
  for (const theme of ['light', 'dark'] as const) {
    await page.setViewportSize(PHONE);
    await open(page, '/', theme);
    const card = page.getByRole('region', { name: 'Seu revendedor' });
    await expect(card).toBeVisible();
    const name = card.getByText('Revendedora Maria Aparecida', { exact: false });
    const email = card.getByText(reseller.email);
    await expect(name).toBeVisible();
    await expect(email).toBeVisible();
    for (const contact of ['WhatsApp', 'Telegram']) {
      const button = card.getByRole('link', { name: contact });
      await expectTouchTarget(button);
      expect(overlaps(await box(button), await box(name)), `${contact} over the name`).toBe(false);
      expect(overlaps(await box(button), await box(email)), `${contact} over the e-mail`).toBe(false);
    }
    // Nothing of the card spills past the screen's edge.
    const cardBox = await box(card);
    expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(PHONE.width);
    await card.screenshot({ path: `${SCREENSHOTS}/layout-reseller-card-${theme}-390.png` });
    await shoot(page, 'dashboard-user', theme, card);
  }

  // The admin's switches (modules and plans) keep a 44 px target around the small toggle.
  await signIn(page, E2E_ADMIN);
  await page.setViewportSize(PHONE);
  for (const path of ['/admin/modulos', '/admin/plans']) {
    await open(page, path);
    const switches = page.getByRole('switch');
    await expect(switches.first()).toBeVisible();
    for (const toggle of (await switches.all()).slice(0, 4)) await expectTouchTarget(toggle);
    const name = path === '/admin/modulos' ? 'modules' : 'plans';
    await page.screenshot({ path: `${SCREENSHOTS}/layout-switches-${name}-light-390.png` });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `${SCREENSHOTS}/layout-switches-${name}-light-1280.png` });
    await page.setViewportSize(PHONE);
  }
  const first = page.getByRole('switch').first();
  await first.scrollIntoViewIfNeeded();
  const before = await first.getAttribute('aria-checked');
  // A tap near the toggle's edge, inside the larger target, still switches it.
  const target = await box(first);
  await page.mouse.click(target.x + 3, target.y + 3);
  await expect(first).not.toHaveAttribute('aria-checked', before ?? '');
  await page.mouse.click(target.x + target.width / 2, target.y + target.height / 2);
  await expect(first).toHaveAttribute('aria-checked', before ?? '');
});

test('on a phone every visible button is at least 44 px tall, small and icon buttons too', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const account = await createAccount(request, token, { nome: 'Pessoa Botões', tipo: 'usuario' });
  await page.setViewportSize(PHONE);
  await signIn(page, account);
  for (const path of ['/', '/historico', '/profile', '/planos']) {
    await open(page, path);
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForTimeout(300);
    // Every Button, links drawn as buttons ('Voltar', 'Histórico') included.
    const buttons = await page.getByRole('main').locator('[data-slot="button"]').all();
    expect(buttons.length, `${path}: buttons found`).toBeGreaterThan(0);
    for (const button of buttons) {
      if (!(await button.isVisible())) continue;
      const { height, width } = await box(button);
      const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
      expect(height, `${path}: '${name}' height`).toBeGreaterThanOrEqual(MIN_TARGET);
      expect(width, `${path}: '${name}' width`).toBeGreaterThanOrEqual(MIN_TARGET);
    }
  }
});

test('a toast opens below the header, never over it', async ({ page, request }) => {
  const token = await adminToken(request);
  const user = await createAccount(request, token, { nome: 'Pessoa Aviso', tipo: 'usuario' });
  await signIn(page, user);
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await open(page, '/profile');
    const form = page.getByRole('form', { name: 'Dados do perfil' });
    await form.getByLabel('Nome').fill(`Pessoa Aviso ${size.width}`);
    await form.getByRole('button', { name: 'Salvar' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Perfil atualizado com sucesso!' });
    await expect(toast).toBeVisible();
    // Wait for the slide-in to end before measuring.
    await page.waitForTimeout(600);
    const headerBox = await box(header(page));
    const toastBox = await box(toast);
    expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    await page.screenshot({ path: `${SCREENSHOTS}/layout-toast-light-${size.width}.png` });
  }
});

test("a page whose code is slow to arrive shows the page's skeleton under the header", async ({ page }) => {
  await signIn(page, E2E_ADMIN);
  await page.setViewportSize(PHONE);
  await open(page, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();

  // History's code is held back for a moment, as on a slow phone network.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/historico-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('main').getByRole('link', { name: 'Histórico' }).click();
  const skeleton = page.getByRole('main').getByRole('status');
  await expect(skeleton).toHaveText('Carregando...');
  await expectHeaderRow(page);
  await page.screenshot({ path: `${SCREENSHOTS}/layout-skeleton-light-390.png` });
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico de consultas' })).toBeVisible();
  await expect(skeleton).toBeHidden();
});

test('screens in both themes at both widths', async ({ page }) => {
  test.setTimeout(120_000);
  for (const theme of ['light', 'dark'] as const) {
    await signIn(page, E2E_ADMIN);
    await page.setViewportSize(PHONE);
    await open(page, '/', theme);
    await shoot(page, 'dashboard-admin', theme, page.getByRole('heading', { level: 1, name: 'Painel' }));
    const firstModule = page.locator('a[data-testid="module-card"]').first();
    const href = await firstModule.getAttribute('href');
    await open(page, href ?? '/consulta/1', theme);
    await shoot(page, 'lookup', theme, page.getByRole('button', { name: 'Consultar' }));
    await open(page, '/historico', theme);
    await shoot(
      page,
      'history',
      theme,
      page.getByRole('heading', { level: 1, name: 'Histórico de consultas' }),
    );
    await open(page, '/admin/usuarios', theme);
    await shoot(page, 'admin-users', theme, page.getByRole('heading', { level: 1, name: 'Usuários' }));
    await page.evaluate(() => localStorage.clear());
    await open(page, '/login', theme);
    await shoot(page, 'login', theme, page.getByRole('button', { name: 'Entrar no sistema' }));
  }
});
