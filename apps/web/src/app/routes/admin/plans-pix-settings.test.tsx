import { paymentContract } from '@painel/shared/contracts/payments';
import { planContract } from '@painel/shared/contracts/plans';
import { messages } from '@painel/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePixSettings, planPage, renderPlansPage } from '@/app/routes/admin/plans.test-support';
import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import { answer, json, mockApi } from '@/test/api-mock';

const baseRoutes = {
  'GET /admin/plans': answer(planContract.list, planPage([])),
  'GET /payments': answer(paymentContract.list, { payments: [] }),
};

async function pixForm() {
  return screen.findByRole('form', { name: 'Configuração PIX' });
}

describe('PIX configuration card', () => {
  it('shows stored secrets only masked, keeps them when left blank, and the webhook URL', async () => {
    const api = mockApi({
      ...baseRoutes,
      'GET /admin/settings/pix': answer(
        paymentContract.pixSettings,
        makePixSettings({ easy_pix_api_key: '••••••••abcd' }),
      ),
      'PUT /admin/settings/pix': answer(
        paymentContract.updatePixSettings,
        makePixSettings({ easy_pix_api_key: '••••••••abcd' }),
      ),
    });
    const { user } = renderPlansPage();
    const form = await pixForm();

    const key = within(form).getByLabelText('Chave de acesso (easy_pix_api_key)');
    expect(key).toHaveValue('');
    expect(key).toHaveAttribute('type', 'password');
    expect(within(form).getByText('••••••••abcd')).toBeInTheDocument();
    expect(within(form).getByText('Nenhuma chave salva.')).toBeInTheDocument();
    expect(within(form).getByTestId('webhook-url')).toHaveTextContent(
      `${window.location.origin}/api/payments/webhook/mercadopago`,
    );

    await user.click(within(form).getByRole('button', { name: 'Salvar configuração' }));
    expect(await screen.findByText(plansAdminMessages.pixSaved)).toBeInTheDocument();
    expect(api.calls('PUT /admin/settings/pix')[0]?.body).toEqual({ pix_provider: 'sandbox' });
  });

  it('sends a typed secret once, then shows it only as the masked value the server returns', async () => {
    const api = mockApi({
      ...baseRoutes,
      'GET /admin/settings/pix': answer(paymentContract.pixSettings, makePixSettings()),
      'PUT /admin/settings/pix': json(
        200,
        makePixSettings({
          pix_provider: 'mercadopago',
          easy_pix_api_key: '••••••••7890',
          pix_webhook_secret: '••••••••cret',
        }),
      ),
    });
    const { user } = renderPlansPage();
    const form = await pixForm();

    await user.selectOptions(within(form).getByLabelText('Provedor'), 'Mercado Pago');
    await user.type(within(form).getByLabelText('Chave de acesso (easy_pix_api_key)'), 'APP_USR-1234567890');
    await user.type(within(form).getByLabelText('Segredo do webhook'), 'meu-segredo-secret');
    await user.click(within(form).getByRole('button', { name: 'Salvar configuração' }));

    expect(await screen.findByText(plansAdminMessages.pixSaved)).toBeInTheDocument();
    expect(api.calls('PUT /admin/settings/pix')[0]?.body).toEqual({
      pix_provider: 'mercadopago',
      easy_pix_api_key: 'APP_USR-1234567890',
      pix_webhook_secret: 'meu-segredo-secret',
    });
    const saved = await pixForm();
    await waitFor(() =>
      expect(within(saved).getByLabelText('Chave de acesso (easy_pix_api_key)')).toHaveValue(''),
    );
    expect(within(saved).getByLabelText('Segredo do webhook')).toHaveValue('');
    expect(within(saved).getByText('••••••••7890')).toBeInTheDocument();
    expect(within(saved).getByText('••••••••cret')).toBeInTheDocument();
    expect(within(saved).getByLabelText('Provedor')).toHaveValue('mercadopago');
    expect(document.body.innerHTML).not.toContain('APP_USR-1234567890');
  });

  it('removes a stored secret only when asked, and refuses Mercado Pago without a key', async () => {
    const api = mockApi({
      ...baseRoutes,
      'GET /admin/settings/pix': answer(
        paymentContract.pixSettings,
        makePixSettings({ easy_pix_api_key: '••••••••abcd' }),
      ),
      'PUT /admin/settings/pix': answer(paymentContract.updatePixSettings, makePixSettings()),
    });
    const { user } = renderPlansPage();
    const form = await pixForm();

    await user.click(
      within(form).getByRole('button', { name: 'Remover Chave de acesso (easy_pix_api_key)' }),
    );
    expect(within(form).getByText('Será removida ao salvar.')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Provedor'), 'Mercado Pago');
    await user.click(within(form).getByRole('button', { name: 'Salvar configuração' }));
    expect(await within(form).findByText(messages.pixKeyRequired)).toBeInTheDocument();
    expect(api.calls('PUT /admin/settings/pix')).toHaveLength(0);

    await user.selectOptions(within(form).getByLabelText('Provedor'), 'Sandbox (testes)');
    await user.click(within(form).getByRole('button', { name: 'Salvar configuração' }));
    expect(await screen.findByText(plansAdminMessages.pixSaved)).toBeInTheDocument();
    expect(api.calls('PUT /admin/settings/pix')[0]?.body).toEqual({
      pix_provider: 'sandbox',
      easy_pix_api_key: null,
    });
  });

  it("shows the server's reason when saving fails", async () => {
    mockApi({
      ...baseRoutes,
      'GET /admin/settings/pix': answer(paymentContract.pixSettings, makePixSettings()),
      'PUT /admin/settings/pix': json(400, {
        error: messages.validationFailed,
        code: 'VALIDATION_ERROR',
        fields: { easy_pix_api_key: messages.pixKeyRequired },
      }),
    });
    const { user } = renderPlansPage();
    const form = await pixForm();
    await user.click(within(form).getByRole('button', { name: 'Salvar configuração' }));

    expect(await within(form).findByText(messages.pixKeyRequired)).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent(plansAdminMessages.pixSaveFailed);
  });
});
