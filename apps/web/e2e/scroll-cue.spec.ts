import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { choosePurpose, createSubscriber, signInThroughForm } from './support.ts';

/**
 * Issue 17 on a phone: a table wider than the screen shows there is more to the side (a shade on
 * the edge with hidden content, gone at each end), and a toast's close button is finger-sized.
 */

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const THEMES = ['light', 'dark'] as const;
const MIN_TARGET = 44;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'element is laid out').not.toBeNull();
  return found!;
}

/** The shade on one edge of a scrolling table: it sits beside the box, in the same frame. */
function cue(scroller: Locator, edge: 'start' | 'end') {
  return scroller.locator('xpath=..').locator(`[data-scroll-cue="${edge}"]`);
}

async function expectCues(scroller: Locator, shown: { start: boolean; end: boolean }) {
  await expect(cue(scroller, 'start')).toHaveCSS('opacity', shown.start ? '1' : '0');
  await expect(cue(scroller, 'end')).toHaveCSS('opacity', shown.end ? '1' : '0');
}

async function scrollTo(scroller: Locator, where: 'end' | 'start') {
  await scroller.evaluate((element, to) => {
    element.scrollLeft = to === 'end' ? element.scrollWidth : 0;
  }, where);
}

/** Opens CPF Completo and runs a lookup on the demo provider: a report with many wide tables. */
async function showCpfReport(page: Page) {
  await page.goto('/');
  await page.getByRole('link', { name: 'CPF Completo: ONLINE' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'CPF Completo' })).toBeVisible();
  await page.getByRole('textbox', { name: 'CPF' }).fill('12345678909');
  await choosePurpose(page);
  await page.getByRole('button', { name: 'Consultar' }).click();
  const result = page.getByTestId('result-view');
  await expect(result.getByRole('heading', { name: 'Telefones' })).toBeVisible();
  return result;
}

test('a result table wider than a phone shades the side with more to see, and clears it at each end', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const account = await createSubscriber(request, 5);
  await page.setViewportSize(PHONE);
  await signInThroughForm(page, account.email, account.senha);
  await expect(page).toHaveURL(/\/$/);

  for (const theme of THEMES) {
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'no-preference' });
    const result = await showCpfReport(page);
    const phones = result.getByRole('region', { name: 'Telefones: tabela com rolagem' });
    await phones.scrollIntoViewIfNeeded();

    // Unscrolled: more to the right, nothing to the left; the page itself stays 390 px wide.
    await expectCues(phones, { start: false, end: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The shade lies on the box's visible right edge, inside its border, over its whole height.
    const boxArea = await box(phones);
    const endArea = await box(cue(phones, 'end'));
    expect(Math.abs(endArea.x + endArea.width - (boxArea.x + boxArea.width - 1))).toBeLessThanOrEqual(1);
    expect(Math.abs(endArea.height - (boxArea.height - 2))).toBeLessThanOrEqual(1);
    await phones.screenshot({ path: `${SCREENSHOTS}/scrollcue-table-unscrolled-${theme}-390.png` });

    // The arrow keys scroll the focused box: now there is something on both sides.
    await phones.focus();
    await page.keyboard.press('ArrowRight');
    await expectCues(phones, { start: true, end: true });
    await phones.screenshot({ path: `${SCREENSHOTS}/scrollcue-table-middle-${theme}-390.png` });

    await scrollTo(phones, 'end');
    await expectCues(phones, { start: true, end: false });
    // Showing and hiding the shades moved nothing.
    expect(await box(phones)).toEqual(boxArea);
    await phones.screenshot({ path: `${SCREENSHOTS}/scrollcue-table-end-${theme}-390.png` });
    await page.screenshot({ path: `${SCREENSHOTS}/scrollcue-page-${theme}-390.png` });

    await scrollTo(phones, 'start');
    await expectCues(phones, { start: false, end: true });

    // On a desktop the phones fit: no shade. The certificates still do not, and say so.
    await page.setViewportSize(DESKTOP);
    await expectCues(phones, { start: false, end: false });
    const certificates = result.getByRole('region', { name: 'Certidões: tabela com rolagem' });
    await certificates.scrollIntoViewIfNeeded();
    await expectCues(certificates, { start: false, end: true });
    await certificates.screenshot({ path: `${SCREENSHOTS}/scrollcue-table-unscrolled-${theme}-1280.png` });
    await scrollTo(certificates, 'end');
    await expectCues(certificates, { start: true, end: false });
    await certificates.screenshot({ path: `${SCREENSHOTS}/scrollcue-table-end-${theme}-1280.png` });
  }
});

test('with reduced motion the shade appears at once, without fading', async ({ page, request }) => {
  test.setTimeout(60_000);
  const account = await createSubscriber(request, 5);
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInThroughForm(page, account.email, account.senha);
  await expect(page).toHaveURL(/\/$/);
  const result = await showCpfReport(page);
  const phones = result.getByRole('region', { name: 'Telefones: tabela com rolagem' });
  await expectCues(phones, { start: false, end: true });

  await scrollTo(phones, 'end');
  const start = cue(phones, 'start');
  await expect(start).toHaveAttribute('data-shown', 'true');
  // Read in the same moment the shade is switched on: a fade would still be on its way.
  expect(await start.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
});

test("a toast's close button is a 44 px target named 'Fechar' on a phone, and closes the toast", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = await createSubscriber(request, 0);
  await signInThroughForm(page, account.email, account.senha);
  await expect(page).toHaveURL(/\/$/);

  for (const theme of THEMES) {
    for (const size of [PHONE, DESKTOP]) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/profile');
      const form = page.getByRole('form', { name: 'Dados do perfil' });
      await form.getByLabel('Nome').fill(`Pessoa Aviso ${theme} ${size.width}`);
      await form.getByRole('button', { name: 'Salvar' }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Perfil atualizado com sucesso!' });
      await expect(toast).toBeVisible();
      const close = toast.getByRole('button', { name: 'Fechar' });
      await expect(close).toBeVisible();
      // Wait for the slide-in to end before measuring.
      await page.waitForTimeout(600);

      if (size === PHONE) {
        const target = await box(close);
        expect(target.width).toBeGreaterThanOrEqual(MIN_TARGET);
        expect(target.height).toBeGreaterThanOrEqual(MIN_TARGET);
        // Inside the toast (so it reaches over nothing else, the header least of all) and on screen.
        const toastArea = await box(toast);
        expect(target.x).toBeGreaterThanOrEqual(toastArea.x);
        expect(target.y).toBeGreaterThanOrEqual(toastArea.y);
        expect(target.x + target.width).toBeLessThanOrEqual(toastArea.x + toastArea.width + 0.5);
        expect(target.y + target.height).toBeLessThanOrEqual(toastArea.y + toastArea.height + 0.5);
        // The message keeps clear of it.
        const message = await box(toast.getByText('Perfil atualizado com sucesso!'));
        expect(message.x + message.width).toBeLessThanOrEqual(target.x);
      }
      await page.screenshot({ path: `${SCREENSHOTS}/scrollcue-toast-${theme}-${size.width}.png` });
      // The toast and its button pass axe (name, contrast) like the screens of a11y.spec.ts.
      const axe = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .include('[data-sonner-toaster]')
        .analyze();
      const serious = axe.violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      );
      expect(
        serious.flatMap((violation) =>
          violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.failureSummary}`),
        ),
      ).toEqual([]);

      await close.click();
      await expect(toast).toHaveCount(0);
    }
  }
});
