import { settingsContract } from '@painel/shared/contracts/settings';
import type { Role } from '@painel/shared/schemas/user';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';

import { routes as appRoutes } from '@/app/router';
import { Toaster } from '@/components/ui/sonner';
import { signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';

type Routes = Parameters<typeof mockApi>[0];

const STORED = {
  easy_pix_api_key: '••••••••abcd',
  trial_limit: 10,
  topup_min_reais: 50,
  topup_max_reais: 5000,
  exigir_finalidade: true,
};

afterEach(() => {
  toast.dismiss();
});

/** /admin/configuracoes through the app's own router, signed in as `role`. */
function openSettings(routes: Routes = {}, role: Role = 'admin') {
  signIn('tok-1', makeUser({ id: 1, tipo: role }));
  const api = mockApi({
    'GET /admin/settings': answer(settingsContract.get, STORED),
    ...routes,
  });
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/admin/configuracoes'] });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { api, user, router };
}

const settingsForm = () => screen.findByRole('form', { name: 'Configurações do painel' });
const saveButton = (form: HTMLElement) => within(form).getByRole('button', { name: 'Salvar configurações' });

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe('/admin/configuracoes', () => {
  it('shows the stored trial limit and top-up limits, and the sidebar links here', async () => {
    openSettings();
    const form = await settingsForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Configurações' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Consultas de teste por usuário')).toHaveValue('10');
    expect(within(form).getByLabelText('Valor mínimo da recarga (R$)')).toHaveValue('50,00');
    expect(within(form).getByLabelText('Valor máximo da recarga (R$)')).toHaveValue('5.000,00');
    for (const link of screen.getAllByRole('link', { name: 'Configurações' })) {
      expect(link).toHaveAttribute('href', '/admin/configuracoes');
    }
  });

  it('refuses each invalid value with its message and sends nothing', async () => {
    const { api, user } = openSettings();
    const form = await settingsForm();
    const trial = within(form).getByLabelText('Consultas de teste por usuário');
    const min = within(form).getByLabelText('Valor mínimo da recarga (R$)');
    const max = within(form).getByLabelText('Valor máximo da recarga (R$)');

    await retype(user, trial, '');
    await retype(user, min, 'abc');
    await retype(user, max, '100.000,01');
    await user.click(saveButton(form));
    expect(await within(form).findByText('Campo obrigatório')).toBeInTheDocument();
    expect(
      within(form).getByText('Informe o valor em reais, com no máximo duas casas decimais'),
    ).toBeInTheDocument();
    expect(
      within(form).getByText('O valor de recarga pode ser de no máximo R$ 100.000,00'),
    ).toBeInTheDocument();

    await retype(user, trial, '1001');
    await retype(user, min, '-1');
    await retype(user, max, '0');
    await user.click(saveButton(form));
    expect(
      await within(form).findByText('O limite de testes deve ser um número inteiro de 0 a 1000'),
    ).toBeInTheDocument();
    expect(
      within(form).getByText('Informe o valor em reais, com no máximo duas casas decimais'),
    ).toBeInTheDocument();
    expect(within(form).getByText('O valor máximo de recarga deve ser maior que zero')).toBeInTheDocument();

    await retype(user, trial, '5');
    await retype(user, min, '300');
    await retype(user, max, '200');
    await user.click(saveButton(form));
    expect(
      await within(form).findByText('O valor máximo de recarga não pode ser menor que o mínimo (R$ 300,00)'),
    ).toBeInTheDocument();
    expect(api.calls('PUT /admin/settings')).toHaveLength(0);
  });

  it("saves the values, says 'Configurações salvas' and shows what the server stored", async () => {
    const saved = { ...STORED, trial_limit: 3, topup_min_reais: 20.5, topup_max_reais: 8000 };
    const { api, user } = openSettings({ 'PUT /admin/settings': answer(settingsContract.update, saved) });
    const form = await settingsForm();
    await retype(user, within(form).getByLabelText('Consultas de teste por usuário'), '3');
    await retype(user, within(form).getByLabelText('Valor mínimo da recarga (R$)'), '20,5');
    await retype(user, within(form).getByLabelText('Valor máximo da recarga (R$)'), '8.000');
    await user.click(saveButton(form));

    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument();
    expect(api.calls('PUT /admin/settings')).toHaveLength(1);
    expect(api.calls('PUT /admin/settings')[0]?.body).toEqual({
      trial_limit: 3,
      topup_min_reais: 20.5,
      topup_max_reais: 8000,
      exigir_finalidade: true,
    });
    await waitFor(() =>
      expect(within(form).getByLabelText('Valor mínimo da recarga (R$)')).toHaveValue('20,50'),
    );
    expect(within(form).getByLabelText('Valor máximo da recarga (R$)')).toHaveValue('8.000,00');
  });

  it("turns 'Exigir finalidade nas consultas' off and on, and shows what the server stored", async () => {
    const { api, user } = openSettings({
      'PUT /admin/settings': [
        answer(settingsContract.update, { ...STORED, exigir_finalidade: false }),
        answer(settingsContract.update, STORED),
      ],
    });
    const form = await settingsForm();
    const purposeSwitch = within(form).getByRole('switch', { name: 'Exigir finalidade nas consultas' });
    expect(purposeSwitch).toBeChecked();
    expect(purposeSwitch).toHaveAccessibleDescription(
      'LGPD: cada consulta precisa de uma finalidade e de uma base legal (art. 7º).',
    );

    await user.click(purposeSwitch);
    expect(purposeSwitch).not.toBeChecked();
    await user.click(saveButton(form));
    expect(await screen.findByText('Configurações salvas')).toBeInTheDocument();
    expect(api.calls('PUT /admin/settings')[0]?.body).toMatchObject({ exigir_finalidade: false });
    expect(purposeSwitch).not.toBeChecked();

    await user.click(purposeSwitch);
    await user.click(saveButton(form));
    await waitFor(() => expect(api.calls('PUT /admin/settings')).toHaveLength(2));
    expect(api.calls('PUT /admin/settings')[1]?.body).toMatchObject({ exigir_finalidade: true });
    await waitFor(() => expect(purposeSwitch).toBeChecked());
  });

  it("shows the server's refusal under its field", async () => {
    const { user } = openSettings({
      'PUT /admin/settings': json(400, {
        error: 'O valor máximo de recarga não pode ser menor que o mínimo (R$ 60,00)',
        code: 'VALIDATION_ERROR',
        fields: { topup_max_reais: 'O valor máximo de recarga não pode ser menor que o mínimo (R$ 60,00)' },
      }),
    });
    const form = await settingsForm();
    await user.click(saveButton(form));
    expect(
      await within(form).findAllByText(
        /O valor máximo de recarga não pode ser menor que o mínimo \(R\$ 60,00\)/,
      ),
    ).not.toHaveLength(0);
    expect(within(form).getByLabelText('Valor máximo da recarga (R$)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getAllByText(/Erro ao salvar configurações/).length).toBeGreaterThan(0);
  });

  it('sends a reseller to the admin dashboard without reading the settings', async () => {
    const { api, router } = openSettings({}, 'revendedor');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(screen.queryByRole('form', { name: 'Configurações do painel' })).not.toBeInTheDocument();
    expect(api.calls('GET /admin/settings')).toHaveLength(0);
  });
});
