import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { E2E_CAPTCHA } from '../playwright.config.ts';
import { uniqueEmail } from './support.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp/plansweb-shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The whole page from the top, plus what the viewport shows (the PIX panel once it scrolled there). */
async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-view.png` });
  const scrollY = await page.evaluate(() => window.scrollY);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  await page.evaluate((y) => window.scrollTo(0, y), scrollY);
}

async function registerThroughForm(page: Page, nome: string) {
  const senha = 'senha-e2e-planos';
  await page.goto('/register');
  await page.getByLabel('Nome').fill(nome);
  await page.getByLabel('Email').fill(uniqueEmail('planos'));
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByLabel('Confirmar senha').fill(senha);
  await page.getByLabel('Captcha').fill(E2E_CAPTCHA);
  await page.getByRole('button', { name: 'Criar conta' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The first amount in a text, in cents: 'R$ 1.234,56 / 1 mês' -> 123456. */
const cents = (text: string) => Number((text.match(/\d[\d.]*,\d{2}/)?.[0] ?? '').replace(/\D/g, ''));

test('a new user buys a plan and credits by PIX, sees them applied and opens the receipt', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize(DESKTOP);
  await registerThroughForm(page, 'Compradora Planos');
  await expect(page.getByRole('region', { name: 'Tempo restante' })).toContainText('Sem Assinatura');

  await page.getByRole('link', { name: 'Planos' }).click();
  await expect(page).toHaveURL(/\/planos$/);
  await expect(page.getByRole('region', { name: 'Sua conta' })).toContainText('Olá, Compradora Planos');
  await expect(page.getByTestId('plans-credits')).toHaveText('0,00');

  // Cheapest first, the middle one marked.
  const cards = page.getByRole('list', { name: 'Planos' }).locator(':scope > li');
  await expect(cards).not.toHaveCount(0);
  const prices: number[] = [];
  for (const card of await cards.all()) prices.push(cents(await card.getByTestId('plan-price').innerText()));
  expect(prices.every((price) => price > 0)).toBe(true);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  const middle = cards.nth(Math.floor((await cards.count()) / 2));
  await expect(middle).toContainText('Mais popular');
  await expect(page.getByText('Mais popular')).toHaveCount(1);
  await expect(page.getByText('Nenhum pagamento')).toBeVisible();

  const mensal = page.getByRole('listitem', { name: 'Mensal' });
  await mensal.getByRole('button', { name: /Assinar agora/ }).click();

  const panel = page.getByTestId('pix-panel');
  await expect(panel).toContainText('Plano Mensal');
  await expect(panel).toContainText('R$ 89,90');
  await expect(panel).toContainText('Aguardando');
  const qr = panel.getByRole('img', { name: 'QR Code do PIX' });
  await expect(qr).toBeVisible();
  const box = await qr.boundingBox();
  expect(box?.width).toBe(220);
  expect(box?.height).toBe(220);
  const code = await panel.getByLabel('PIX copia e cola').inputValue();
  expect(code).toMatch(/^000201/);
  expect(code).toContain('br.gov.bcb.pix');
  expect(code).toContain('540589.90');
  await expect(panel.getByTestId('pix-countdown')).toHaveText(/Expira em (29|30):\d\d/);

  await panel.getByRole('button', { name: 'Copiar código PIX' }).click();
  await expect(page.getByText('Código PIX copiado...')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  // Asking again for the same plan while its charge is open returns that charge, not a second one.
  await mensal.getByRole('button', { name: /Assinar agora/ }).click();
  await expect(panel.getByLabel('PIX copia e cola')).toHaveValue(code);
  const history = page.getByRole('list', { name: 'Pagamentos' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('Aguardando');

  await shot(page, 'planos-waiting-1280');
  await page.setViewportSize(PHONE);
  await expect(panel).toBeInViewport();
  await shot(page, 'planos-waiting-390');
  await page.setViewportSize(DESKTOP);

  await panel.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(panel.getByText('Pagamento confirmado ✅')).toBeVisible();
  await shot(page, 'planos-confirmed-1280');
  // Cleared 1.5 s later, with the history and the account re-read.
  await expect(panel.getByText('Pagamento confirmado ✅')).toBeHidden({ timeout: 5_000 });
  await expect(panel).toContainText('o QR Code do PIX aparece aqui');
  await expect(history.getByRole('listitem').first()).toContainText('Confirmado');
  await expect(page.getByRole('region', { name: 'Sua conta' })).toContainText(
    /Plano Mensal:\s*\d+ dias restantes/,
  );

  await page.getByRole('link', { name: 'Painel Consulta' }).click();
  const timeLeft = page.getByRole('region', { name: 'Tempo restante' });
  await expect(timeLeft).toContainText('Dias Restantes');
  await expect(timeLeft).not.toContainText('Sem Assinatura');
  await expect(page.getByRole('region', { name: 'Plano ativo' })).toContainText('Mensal');

  // A top-up, on a phone: below the minimum is refused with the configured minimum's message.
  await page.setViewportSize(PHONE);
  await page.goto('/planos');
  const amount = page.getByLabel('Valor da recarga (R$)');
  await amount.fill('30');
  await page.getByRole('button', { name: 'Gerar PIX de recarga' }).click();
  await expect(page.getByText('Valor mínimo para recarga é R$ 50,00')).toBeVisible();
  await amount.fill('75,50');
  await page.getByRole('button', { name: 'Gerar PIX de recarga' }).click();
  // The amount is confirmed before any charge is created.
  const confirm = page.getByRole('alertdialog', { name: 'Confirmar recarga' });
  await expect(confirm).toContainText('R$ 75,50');
  await confirm.getByRole('button', { name: 'Confirmar e gerar PIX' }).click();
  await expect(panel).toContainText('Recarga de 75,50 créditos');
  await expect(panel).toContainText('R$ 75,50');
  await expect(panel).toBeInViewport();
  await panel.getByRole('button', { name: 'Simular pagamento' }).click();
  await expect(panel.getByText('Pagamento confirmado ✅')).toBeVisible();
  await shot(page, 'planos-confirmed-390');
  await expect(page.getByTestId('plans-credits')).toHaveText('75,50');
  await expect(panel.getByText('Pagamento confirmado ✅')).toBeHidden({ timeout: 5_000 });
  await expect(history.getByRole('listitem')).toHaveCount(2);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize(DESKTOP);
  await shot(page, 'planos-dark-1280');
  await page.emulateMedia({ colorScheme: 'light' });

  // The plan's receipt.
  const planRow = history.getByRole('listitem').filter({ hasText: 'Plano Mensal' });
  await planRow.getByRole('link', { name: /Recibo/ }).click();
  await expect(page).toHaveURL(/\/pagamentos\/\d+\/recibo$/);
  const receipt = page.getByRole('article', { name: 'Recibo de pagamento' });
  await expect(receipt).toContainText('Compradora Planos');
  await expect(receipt).toContainText('Plano Mensal');
  await expect(receipt).toContainText('R$ 89,90');
  await expect(receipt).toContainText('Confirmado');
  await expect(receipt).toContainText('Período do plano');
  await shot(page, 'recibo-1280');
  await page.setViewportSize(PHONE);
  await shot(page, 'recibo-390');

  // On paper: only the receipt, without buttons, on one A4 page.
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sair' })).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.setViewportSize({ width: 794, height: 1123 });
  await shot(page, 'recibo-print');
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  writeFileSync(`${SHOTS}/recibo.pdf`, pdf);
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  await page.emulateMedia({ media: 'screen' });

  await page.goto('/pagamentos/999999/recibo');
  await expect(page.getByRole('alert')).toHaveText('Pagamento não encontrado');
});
