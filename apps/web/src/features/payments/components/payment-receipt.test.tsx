import { paymentContract } from '@painel/shared/contracts/payments';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makePayment } from '@/features/payments/testing/payment-fixtures';
import { signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';

function openReceipt(id: number | string, reply: Response) {
  const user = makeUser();
  signIn('tok-1', user);
  const api = mockApi({ 'GET /profile': json(200, { user }), [`GET /payments/${id}/receipt`]: reply });
  return { api, ...renderApp(`/pagamentos/${id}/recibo`) };
}

describe('payment receipt', () => {
  it('shows payer, plan, amount, dates, ids and status of a confirmed payment', async () => {
    const payment = makePayment({
      id: 5,
      status: 'verified',
      createdAt: '2026-03-10T15:00:00.000Z',
      expires_at: '2026-03-10T15:30:00.000Z',
      verified_at: '2026-03-10T15:04:00.000Z',
      pix_id_external: 'sbx9ddb39c2a26b32ed09b2',
    });
    openReceipt(
      5,
      answer(paymentContract.receipt, {
        pixPayment: payment,
        subscription: { starts_at: '2026-03-10T15:04:00.000Z', ends_at: '2026-04-10T15:04:00.000Z' },
      }),
    );
    const receipt = await screen.findByRole('article', { name: 'Recibo de pagamento' });
    expect(receipt).toHaveTextContent('Pagamento nº 5');
    expect(receipt).toHaveTextContent('Maria Teste');
    expect(receipt).toHaveTextContent('maria@exemplo.com');
    expect(receipt).toHaveTextContent('Plano Mensal');
    expect(receipt).toHaveTextContent('R$ 89,90');
    expect(receipt).toHaveTextContent('Confirmado');
    expect(receipt).toHaveTextContent('sbx9ddb39c2a26b32ed09b2');
    expect(receipt).toHaveTextContent(/Período do plano10\/03\/2026, \d\d:04 até 10\/04\/2026, \d\d:04/);
    expect(receipt).toHaveTextContent(/Pagamento confirmado em10\/03\/2026, \d\d:04/);
    expect(within(receipt).getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/planos');
  });

  it('shows the credits a top-up added', async () => {
    const payment = makePayment({
      id: 6,
      status: 'verified',
      purpose: 'credit',
      plan_id: null,
      Plan: null,
      amount_cents: 7_550,
      verified_at: '2026-03-10T15:04:00.000Z',
    });
    openReceipt(6, answer(paymentContract.receipt, { pixPayment: payment, subscription: null }));
    const receipt = await screen.findByRole('article', { name: 'Recibo de pagamento' });
    expect(receipt).toHaveTextContent('Recarga de 75,50 créditos');
    expect(receipt).toHaveTextContent('Créditos adicionados75,50');
    expect(receipt).not.toHaveTextContent('Período do plano');
  });

  it('says there is no receipt yet for a payment still waiting, and none for an expired one', async () => {
    openReceipt(
      7,
      answer(paymentContract.receipt, { pixPayment: makePayment({ id: 7 }), subscription: null }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este pagamento ainda aguarda a confirmação do PIX. O recibo fica disponível assim que ele for confirmado.',
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Imprimir' })).not.toBeInTheDocument();
  });

  it('says an expired payment has no receipt', async () => {
    openReceipt(
      8,
      answer(paymentContract.receipt, {
        pixPayment: makePayment({ id: 8, status: 'expired' }),
        subscription: null,
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este pagamento não foi confirmado (Expirado), por isso não há recibo.',
    );
  });

  it("shows the server's 'Pagamento não encontrado' for someone else's payment", async () => {
    openReceipt(9, json(404, { error: 'Pagamento não encontrado', code: 'NOT_FOUND' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pagamento não encontrado');
  });

  it('asks nothing for an id that is not a number', async () => {
    const { api } = openReceipt(
      'abc',
      answer(paymentContract.receipt, { pixPayment: makePayment(), subscription: null }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Pagamento não encontrado');
    expect(api.calls('GET /payments/abc/receipt')).toHaveLength(0);
  });
});
