import { paymentContract } from '@painel/shared/contracts/payments';
import { planContract } from '@painel/shared/contracts/plans';
import { messages } from '@painel/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, type Mock } from 'vitest';
import {
  makePayment,
  makePixSettings,
  planPage,
  renderPlansPage,
} from '@/app/routes/admin/plans.test-support';
import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import { answer, json, mockApi } from '@/test/api-mock';

const baseRoutes = {
  'GET /admin/plans': answer(planContract.list, planPage([])),
  'GET /admin/settings/pix': answer(paymentContract.pixSettings, makePixSettings()),
};

const payments = () => [
  makePayment({ id: 1, status: 'waiting', amount_cents: 1990 }),
  makePayment({
    id: 2,
    status: 'verified',
    purpose: 'credit',
    plan_id: null,
    Plan: null,
    amount_cents: 5000,
    User: { nome: 'João Revenda', email: 'joao@exemplo.com' },
    verified_at: '2026-03-10T15:35:00.000Z',
  }),
  makePayment({ id: 3, status: 'expired' }),
  makePayment({ id: 4, status: 'failed', amount_cents: 123456 }),
];

describe('PIX payments table', () => {
  it('lists user, item, amount, status in Portuguese and pt-BR dates', async () => {
    mockApi({ ...baseRoutes, 'GET /payments': answer(paymentContract.list, { payments: payments() }) });
    renderPlansPage();

    const waiting = await screen.findByRole('row', { name: 'Pagamento 1' });
    expect(within(waiting).getByText('Maria Teste')).toBeInTheDocument();
    expect(within(waiting).getByText('maria@exemplo.com')).toBeInTheDocument();
    expect(within(waiting).getByText('Mensal')).toBeInTheDocument();
    expect(within(waiting).getByText('R$ 19,90')).toBeInTheDocument();
    expect(within(waiting).getByText('Aguardando')).toBeInTheDocument();
    expect(within(waiting).getByText(/^10\/03\/2026/)).toBeInTheDocument();

    const verified = screen.getByRole('row', { name: 'Pagamento 2' });
    expect(within(verified).getByText('Recarga de créditos')).toBeInTheDocument();
    expect(within(verified).getByText('R$ 50,00')).toBeInTheDocument();
    expect(within(verified).getByText('Confirmado')).toBeInTheDocument();
    expect(within(verified).getAllByText(/^10\/03\/2026/)).toHaveLength(2);

    expect(
      within(screen.getByRole('row', { name: 'Pagamento 3' })).getByText('Expirado'),
    ).toBeInTheDocument();
    const failed = screen.getByRole('row', { name: 'Pagamento 4' });
    expect(within(failed).getByText('Falhou')).toBeInTheDocument();
    expect(within(failed).getByText('R$ 1.234,56')).toBeInTheDocument();
  });

  it("says 'Nenhum pagamento encontrado' when there is none, and 'Atualizar' reads again", async () => {
    const api = mockApi({
      ...baseRoutes,
      'GET /payments': [
        answer(paymentContract.list, { payments: [] }),
        answer(paymentContract.list, { payments: payments().slice(0, 1) }),
      ],
    });
    const { user } = renderPlansPage();

    expect(await screen.findByText(messages.noPaymentsFound)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByRole('row', { name: 'Pagamento 1' })).toBeInTheDocument();
    expect(api.calls('GET /payments')).toHaveLength(2);
  });

  it("'Rodar Poll' polls the provider, says how many changed and re-reads the list", async () => {
    const api = mockApi({
      ...baseRoutes,
      'GET /payments': [
        answer(paymentContract.list, { payments: payments().slice(0, 1) }),
        answer(paymentContract.list, { payments: [{ ...payments()[0]!, status: 'verified' }] }),
      ],
      'POST /payments/batch-poll': answer(paymentContract.batchPoll, {
        checked: 3,
        verified: 1,
        expired: 1,
        failed: 0,
        waiting: 1,
      }),
    });
    const { user } = renderPlansPage();

    const row = await screen.findByRole('row', { name: 'Pagamento 1' });
    expect(within(row).getByText('Aguardando')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rodar Poll' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Último poll: 3 consultados, 2 alterados (1 confirmado, 1 expirado, 0 com falha)',
    );
    expect(screen.getByText('Poll concluído')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: 'Pagamento 1' })).getByText('Confirmado'),
      ).toBeInTheDocument(),
    );
    expect(api.calls('POST /payments/batch-poll')).toHaveLength(1);
    const urls = (fetch as Mock).mock.calls.map(([input]) => String(input));
    expect(urls).toContain('/api/payments/batch-poll?limit=25');
    expect(urls).toContain('/api/payments?limit=50');
  });

  it('reports a refused poll', async () => {
    mockApi({
      ...baseRoutes,
      'GET /payments': answer(paymentContract.list, { payments: [] }),
      'POST /payments/batch-poll': json(500, { error: 'Provedor fora do ar', code: 'INTERNAL_ERROR' }),
    });
    const { user } = renderPlansPage();
    await screen.findByText(messages.noPaymentsFound);
    await user.click(screen.getByRole('button', { name: 'Rodar Poll' }));
    expect(await screen.findByText(plansAdminMessages.batchPollFailed)).toBeInTheDocument();
    expect(screen.getByText('Provedor fora do ar')).toBeInTheDocument();
  });
});
