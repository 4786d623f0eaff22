import { paymentContract } from '@painel/shared/contracts/payments';
import { planContract } from '@painel/shared/contracts/plans';
import type { PixPayment } from '@painel/shared/schemas/payments';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { routes as appRoutes } from '@/app/router';
import { Toaster } from '@/components/ui/sonner';
import { makePayment, SAMPLE_BR_CODE } from '@/features/payments/testing/payment-fixtures';
import { setApiNavigator } from '@/lib/api-client';
import { signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { makePlan } from '@/test/plan-fixtures';
import { createTestQueryClient } from '@/test/render';

type Routes = Parameters<typeof mockApi>[0];

const PLANS = [
  makePlan(3, 'Anual', 79_900, { duration_value: 1, duration_unit: 'years' }),
  makePlan(1, 'Semanal', 2_990),
  makePlan(2, 'Mensal', 8_990, { duration_value: 1, duration_unit: 'months' }),
];

/** GET /payments/events: a stream that stays open until the test pushes into it. */
function eventStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  return {
    reply: () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(c) {
            controller = c;
          },
        }),
        { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
      ),
    push(data: unknown) {
      controller?.enqueue(
        new TextEncoder().encode(`event: payment-updated\ndata: ${JSON.stringify(data)}\n\n`),
      );
    },
  };
}

/** /planos signed in as Maria (#7), with the toaster the app provides and the API mocked. */
function openPlans(routes: Routes = {}, { fakeTimers = false } = {}) {
  if (fakeTimers) vi.useFakeTimers({ shouldAdvanceTime: true });
  const account = makeUser();
  signIn('tok-1', account);
  const stream = eventStream();
  const api = mockApi({
    'GET /profile': json(200, { user: account }),
    'GET /plans/active': answer(planContract.active, { plans: PLANS }),
    'GET /payments/options': answer(paymentContract.options, {
      topup_min_reais: 50,
      topup_max_reais: 5000,
      sandbox_switch: true,
    }),
    'GET /payments/me/history': answer(paymentContract.history, { payments: [] }),
    'GET /payments/events': () => stream.reply(),
    ...routes,
  });
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/planos'] });
  setApiNavigator((to) => void router.navigate(to, { replace: true }));
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {});
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { api, user, stream, router };
}

/** What create-pix, create-topup and status answer alike: the charge. */
const charge = (payment: PixPayment) => answer(paymentContract.status, { pixPayment: payment });
const panel = () => screen.getByTestId('pix-panel');

async function subscribe(user: ReturnType<typeof userEvent.setup>, plan = 'Mensal') {
  await user.click(await screen.findByRole('button', { name: `Assinar agora: ${plan}` }));
  return within(panel()).findByRole('img', { name: 'QR Code do PIX' });
}

describe('/planos', () => {
  it('shows the QR code (220 px), the copy-and-paste code and the countdown of a new plan charge', async () => {
    const payment = makePayment();
    const { user, api } = openPlans({ 'POST /payments/create-pix': charge(payment) });

    const qr = await subscribe(user);
    expect(qr).toHaveAttribute('width', '220');
    expect(qr).toHaveAttribute('height', '220');
    expect(within(panel()).getByLabelText('PIX copia e cola')).toHaveValue(SAMPLE_BR_CODE);
    expect(panel()).toHaveTextContent('Plano Mensal');
    expect(panel()).toHaveTextContent('R$ 89,90');
    expect(panel()).toHaveTextContent('Aguardando');
    expect(within(panel()).getByTestId('pix-countdown')).toHaveTextContent(/^Expira em (29:5\d|30:00)$/);
    expect(within(panel()).getByRole('button', { name: 'Simular pagamento' })).toBeInTheDocument();

    const [request] = api.calls('POST /payments/create-pix');
    expect(request?.body).toEqual({
      planId: 2,
      idempotencyKey: expect.stringMatching(/^u7-p2-\d+-[\w-]{32,}$/),
    });
  });

  it("copies the code and says 'Código PIX copiado...'", async () => {
    const { user } = openPlans({ 'POST /payments/create-pix': charge(makePayment()) });
    await subscribe(user);
    await user.click(within(panel()).getByRole('button', { name: 'Copiar código PIX' }));
    expect(await screen.findByText('Código PIX copiado...')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SAMPLE_BR_CODE);
  });

  it("says 'Expiração em até 30 min' when the charge carries no usable expiry", async () => {
    const payment = makePayment({ expires_at: '' });
    const { user } = openPlans({
      'POST /payments/create-pix': charge(payment),
      'GET /payments/41/status': charge(payment),
    });
    await subscribe(user);
    expect(within(panel()).getByTestId('pix-countdown')).toHaveTextContent('Expiração em até 30 min');
  });

  it('sends the same idempotency key when the same plan is asked for again, a new one after closing', async () => {
    const { user, api } = openPlans({ 'POST /payments/create-pix': charge(makePayment()) });
    await subscribe(user);
    await user.click(screen.getByRole('button', { name: 'Assinar agora: Mensal' }));
    await waitFor(() => expect(api.calls('POST /payments/create-pix')).toHaveLength(2));
    const [first, second] = api.calls('POST /payments/create-pix');
    expect(second?.body).toEqual(first?.body);

    await user.click(within(panel()).getByRole('button', { name: 'Fechar pagamento PIX' }));
    expect(within(panel()).queryByRole('img', { name: 'QR Code do PIX' })).not.toBeInTheDocument();
    await subscribe(user);
    const keys = api
      .calls('POST /payments/create-pix')
      .map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("shows 'Pagamento confirmado ✅', then clears the panel after 1.5 s and re-reads history and account", async () => {
    const waiting = makePayment();
    const { user, api } = openPlans(
      {
        'POST /payments/create-pix': charge(waiting),
        'POST /sandbox/pix/sbx-41/pay': answer(paymentContract.sandboxPay, {
          pix_id_external: 'sbx-41',
          status: 'paid',
        }),
        'GET /payments/41/status': charge({
          ...waiting,
          status: 'verified',
          verified_at: new Date().toISOString(),
        }),
      },
      { fakeTimers: true },
    );
    await subscribe(user);
    const historyReads = api.calls('GET /payments/me/history').length;
    const profileReads = api.calls('GET /profile').length;

    await user.click(within(panel()).getByRole('button', { name: 'Simular pagamento' }));

    expect(await within(panel()).findByText('Pagamento confirmado ✅')).toBeInTheDocument();
    expect(panel()).toHaveTextContent('Confirmado');
    await waitFor(() => expect(api.calls('GET /profile').length).toBeGreaterThan(profileReads));
    expect(api.calls('GET /payments/me/history').length).toBeGreaterThan(historyReads);

    await act(() => vi.advanceTimersByTimeAsync(1_200));
    expect(within(panel()).getByText('Pagamento confirmado ✅')).toBeInTheDocument();

    const readsBeforeClear = api.calls('GET /payments/me/history').length;
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(within(panel()).queryByText('Pagamento confirmado ✅')).not.toBeInTheDocument();
    expect(panel()).toHaveTextContent('o QR Code do PIX aparece aqui');
    await waitFor(() =>
      expect(api.calls('GET /payments/me/history').length).toBeGreaterThan(readsBeforeClear),
    );
  });

  it("polls the status every 5 s and stops once it leaves 'waiting': 'Pagamento expirou'", async () => {
    const waiting = makePayment();
    const { user, api } = openPlans(
      {
        'POST /payments/create-pix': charge(waiting),
        'GET /payments/41/status': [charge(waiting), charge({ ...waiting, status: 'expired' })],
      },
      { fakeTimers: true },
    );
    await subscribe(user);
    expect(api.calls('GET /payments/41/status')).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(api.calls('GET /payments/41/status')).toHaveLength(1);
    expect(panel()).toHaveTextContent('Aguardando');

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(api.calls('GET /payments/41/status')).toHaveLength(2);
    expect(within(panel()).getByRole('alert')).toHaveTextContent('Pagamento expirou');
    expect(panel()).toHaveTextContent('Expirado');
    expect(within(panel()).queryByRole('img', { name: 'QR Code do PIX' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(api.calls('GET /payments/41/status')).toHaveLength(2);
  });

  it('reads the status at once when the server pushes an update of the charge on screen', async () => {
    const waiting = makePayment();
    const { user, api, stream } = openPlans({
      'POST /payments/create-pix': charge(waiting),
      'GET /payments/41/status': charge({ ...waiting, status: 'verified' }),
    });
    await subscribe(user);
    await waitFor(() => expect(api.calls('GET /payments/events')).toHaveLength(1));
    expect(api.calls('GET /payments/events')[0]?.headers.get('Authorization')).toBe('Bearer tok-1');

    const historyReads = api.calls('GET /payments/me/history').length;
    stream.push({ paymentId: 99, status: 'verified' });
    await waitFor(() => expect(api.calls('GET /payments/me/history').length).toBeGreaterThan(historyReads));
    expect(api.calls('GET /payments/41/status')).toHaveLength(0);

    stream.push({ paymentId: 41, status: 'verified' });
    expect(await within(panel()).findByText('Pagamento confirmado ✅')).toBeInTheDocument();
    expect(api.calls('GET /payments/41/status')).toHaveLength(1);
  });

  it('gives each wrong top-up amount its own message and creates no charge', async () => {
    const { user, api } = openPlans();
    const amount = await screen.findByLabelText('Valor da recarga (R$)');
    expect(amount).toHaveValue('50,00');
    expect(screen.getByText('Mínimo R$ 50,00 · máximo R$ 5.000,00')).toBeInTheDocument();

    for (const [typed, message] of [
      ['', 'Informe o valor da recarga'],
      ['abc', 'Valor inválido'],
      ['30', 'Valor mínimo para recarga é R$ 50,00'],
      ['5.000,01', 'Valor máximo para recarga é R$ 5.000,00'],
      ['100000', 'Valor máximo para recarga é R$ 5.000,00'],
    ] as const) {
      await user.clear(amount);
      if (typed) await user.type(amount, typed);
      await user.click(screen.getByRole('button', { name: 'Gerar PIX de recarga' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    }
    expect(api.calls('POST /payments/create-topup')).toHaveLength(0);
  });

  it("shows the amount, 'R$ 150,00', before the charge and creates it only after confirming", async () => {
    const topup = makePayment({ id: 42, purpose: 'credit', plan_id: null, Plan: null, amount_cents: 15_000 });
    const { user, api } = openPlans({ 'POST /payments/create-topup': charge(topup) });
    const amount = await screen.findByLabelText('Valor da recarga (R$)');
    await user.clear(amount);
    await user.type(amount, '150');
    await user.click(screen.getByRole('button', { name: 'Gerar PIX de recarga' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Confirmar recarga' });
    expect(within(dialog).getByText('R$ 150,00')).toBeInTheDocument();
    expect(api.calls('POST /payments/create-topup')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST /payments/create-topup')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Gerar PIX de recarga' }));
    const again = await screen.findByRole('alertdialog', { name: 'Confirmar recarga' });
    await user.click(within(again).getByRole('button', { name: 'Confirmar e gerar PIX' }));
    expect(await within(panel()).findByText('Recarga de 150,00 créditos')).toBeInTheDocument();
    expect(api.calls('POST /payments/create-topup')).toHaveLength(1);
    expect(api.calls('POST /payments/create-topup')[0]?.body).toEqual({
      amount_reais: 150,
      idempotencyKey: expect.stringMatching(/^u7-t15000-/),
    });
  });

  it('shows the limits of the settings, and the server’s message when they changed meanwhile', async () => {
    const { user } = openPlans({
      'GET /payments/options': answer(paymentContract.options, {
        topup_min_reais: 120.5,
        topup_max_reais: 300,
        sandbox_switch: false,
      }),
      'POST /payments/create-topup': json(400, {
        error: 'Valor máximo para recarga é R$ 200,00',
        code: 'VALIDATION_ERROR',
        fields: { amount_reais: 'Valor máximo para recarga é R$ 200,00' },
      }),
    });
    const amount = await screen.findByLabelText('Valor da recarga (R$)');
    expect(screen.getByText('Mínimo R$ 120,50 · máximo R$ 300,00')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '100');
    await user.click(screen.getByRole('button', { name: 'Gerar PIX de recarga' }));
    expect(await screen.findByText('Valor mínimo para recarga é R$ 120,50')).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '250');
    await user.click(screen.getByRole('button', { name: 'Gerar PIX de recarga' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmar e gerar PIX' }));
    expect(await screen.findByText('Valor máximo para recarga é R$ 200,00')).toBeInTheDocument();
  });

  it("says 'Falha ao gerar PIX' when the charge cannot be created", async () => {
    const { user } = openPlans({
      'POST /payments/create-pix': json(502, { error: 'Falha ao gerar PIX', code: 'PIX_PROVIDER_ERROR' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Assinar agora: Semanal' }));
    expect(await screen.findByText('Falha ao gerar PIX')).toBeInTheDocument();
    expect(within(panel()).queryByRole('img', { name: 'QR Code do PIX' })).not.toBeInTheDocument();
  });

  it("offers no 'Simular pagamento' outside the sandbox", async () => {
    const { user } = openPlans({
      'GET /payments/options': answer(paymentContract.options, {
        topup_min_reais: 50,
        topup_max_reais: 5000,
        sandbox_switch: false,
      }),
      'POST /payments/create-pix': charge(makePayment()),
    });
    await subscribe(user);
    expect(within(panel()).queryByRole('button', { name: 'Simular pagamento' })).not.toBeInTheDocument();
  });

  it("says 'Nenhum plano disponível no momento.' and 'Nenhum pagamento' when there are none", async () => {
    openPlans({ 'GET /plans/active': answer(planContract.active, { plans: [] }) });
    expect(await screen.findByText('Nenhum plano disponível no momento.')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum pagamento')).toBeInTheDocument();
  });

  it('lists payments with a receipt link for a confirmed one and reopens a waiting charge', async () => {
    const verified = makePayment({
      id: 5,
      status: 'verified',
      Plan: { name: 'Semanal' },
      amount_cents: 2_990,
    });
    const waiting = makePayment({ id: 6, purpose: 'credit', plan_id: null, Plan: null, amount_cents: 5_000 });
    const { user } = openPlans({
      'GET /payments/me/history': answer(paymentContract.history, { payments: [waiting, verified] }),
    });

    const rows = within(await screen.findByRole('list', { name: 'Pagamentos' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Recarga de 50,00 créditos');
    expect(rows[0]).toHaveTextContent('Aguardando');
    expect(rows[1]).toHaveTextContent('Plano Semanal');
    expect(rows[1]).toHaveTextContent('R$ 29,90');
    expect(within(rows[1]!).getByRole('link', { name: 'Recibo do pagamento #5' })).toHaveAttribute(
      'href',
      '/pagamentos/5/recibo',
    );
    expect(within(rows[0]!).queryByRole('link')).not.toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: 'Ver PIX' }));
    expect(await within(panel()).findByRole('img', { name: 'QR Code do PIX' })).toBeInTheDocument();
    expect(panel()).toHaveTextContent('Recarga de 50,00 créditos');
    expect(within(rows[0]!).queryByRole('button', { name: 'Ver PIX' })).not.toBeInTheDocument();
  });

  it('shows welcome, role and credits in its header', async () => {
    openPlans();
    const account = await screen.findByRole('region', { name: 'Sua conta' });
    expect(account).toHaveTextContent('Olá, Maria Teste');
    expect(account).toHaveTextContent('Usuário');
    expect(account).toHaveTextContent('Créditos:12,50');
    expect(account).toHaveTextContent('Sem Assinatura');
  });
});
