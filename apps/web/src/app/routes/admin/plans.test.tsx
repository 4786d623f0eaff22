import { paymentContract } from '@painel/shared/contracts/payments';
import { planContract } from '@painel/shared/contracts/plans';
import { messages } from '@painel/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, type Mock } from 'vitest';
import { makePixSettings, makePlan, planPage, renderPlansPage } from '@/app/routes/admin/plans.test-support';
import { plansAdminMessages } from '@/features/plans-admin/plans-admin-messages';
import { answer, json, mockApi } from '@/test/api-mock';

const adminRoutes = {
  'GET /admin/settings/pix': answer(paymentContract.pixSettings, makePixSettings()),
  'GET /payments': answer(paymentContract.list, { payments: [] }),
};

const catalogue = () => [
  makePlan({
    id: 1,
    name: 'Mensal',
    description: 'Para quem consulta todo dia',
    price_cents: 2990,
    duration_value: 1,
    duration_unit: 'months',
    allowed_concurrent_ips: 2,
    metadata: { benefits: ['Consultas ilimitadas', 'Suporte', 'Relatórios', 'API'] },
  }),
  makePlan({ id: 2, name: 'Semanal', price_cents: 990, duration_value: 7, active: false }),
];

const rowOf = (name: string) => screen.getByRole('row', { name });
const requestedUrls = () => (fetch as Mock).mock.calls.map(([input]) => String(input));

describe('plans table', () => {
  it('shows each plan with price, duration, concurrent accesses and status', async () => {
    mockApi({ ...adminRoutes, 'GET /admin/plans': answer(planContract.list, planPage(catalogue())) });
    renderPlansPage();

    const mensal = await screen.findByRole('row', { name: 'Mensal' });
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(0, 6)).toEqual([
      'Plano',
      'Preço',
      'Duração',
      'Acessos simultâneos',
      'Status',
      'Ações',
    ]);
    expect(within(mensal).getByText('R$ 29,90')).toBeInTheDocument();
    expect(within(mensal).getByText('1 mês')).toBeInTheDocument();
    expect(within(mensal).getByText('Para quem consulta todo dia')).toBeInTheDocument();
    expect(within(mensal).getByText('Consultas ilimitadas')).toBeInTheDocument();
    expect(within(mensal).getByText('+1 benefício(s)')).toBeInTheDocument();
    expect(within(mensal).getByRole('switch', { name: 'Plano ativo: Mensal' })).toBeChecked();

    const semanal = rowOf('Semanal');
    expect(within(semanal).getByText('R$ 9,90')).toBeInTheDocument();
    expect(within(semanal).getByText('7 dias')).toBeInTheDocument();
    expect(within(semanal).getByRole('switch', { name: 'Plano ativo: Semanal' })).not.toBeChecked();
    expect(within(semanal).getByText('Inativo')).toBeInTheDocument();
  });

  it("says 'Nenhum plano cadastrado' when there is none", async () => {
    mockApi({ ...adminRoutes, 'GET /admin/plans': answer(planContract.list, planPage([])) });
    renderPlansPage();
    expect(await screen.findByText(messages.noPlansRegistered)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Paginação dos planos' })).not.toBeInTheDocument();
  });

  it('asks the server for the next page', async () => {
    mockApi({
      ...adminRoutes,
      'GET /admin/plans': () =>
        requestedUrls().at(-1)?.includes('page=2')
          ? answer(
              planContract.list,
              planPage([makePlan({ id: 30, name: 'Antigo' })], { page: 2, total: 21, totalPages: 2 }),
            )
          : answer(planContract.list, planPage(catalogue(), { total: 21, totalPages: 2 })),
    });
    const { user } = renderPlansPage();

    expect(await screen.findByText('Página 1 de 2 • Total: 21')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Anterior/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Próxima/ }));

    expect(await screen.findByRole('row', { name: 'Antigo' })).toBeInTheDocument();
    expect(screen.getByText('Página 2 de 2 • Total: 21')).toBeInTheDocument();
    expect(requestedUrls().filter((url) => url.includes('/admin/plans'))).toEqual([
      '/api/admin/plans?page=1&limit=20',
      '/api/admin/plans?page=2&limit=20',
    ]);

    await user.selectOptions(screen.getByLabelText('Por página'), '50');
    await waitFor(() => expect(requestedUrls().at(-1)).toBe('/api/admin/plans?page=1&limit=50'));
  });
});

describe('create plan', () => {
  it('shows every validation message and sends nothing', async () => {
    const api = mockApi({ ...adminRoutes, 'GET /admin/plans': answer(planContract.list, planPage([])) });
    const { user } = renderPlansPage();
    const form = await screen.findByRole('form', { name: 'Novo plano' });

    await user.clear(within(form).getByLabelText('Duração'));
    await user.clear(within(form).getByLabelText('Acessos simultâneos (IPs)'));
    await user.type(within(form).getByLabelText('Acessos simultâneos (IPs)'), '0');
    await user.click(within(form).getByRole('button', { name: 'Criar plano' }));

    expect(await within(form).findByText(messages.planNameRequired)).toBeInTheDocument();
    expect(within(form).getByText(plansAdminMessages.priceRequired)).toBeInTheDocument();
    expect(within(form).getByText(messages.planDurationInvalid)).toBeInTheDocument();
    expect(within(form).getByText(messages.planConcurrentIpsMin)).toBeInTheDocument();

    await user.type(within(form).getByLabelText('Preço (R$)'), '19,9,0');
    await user.click(within(form).getByRole('button', { name: 'Criar plano' }));
    expect(await within(form).findByText(plansAdminMessages.priceInvalid)).toBeInTheDocument();
    expect(api.calls('POST /admin/plans')).toHaveLength(0);
  });

  it("sends '19,90' as 1990 cents, the benefits one per line, and shows the new plan", async () => {
    const created = makePlan({
      id: 9,
      name: 'Trimestral',
      price_cents: 1990,
      duration_value: 3,
      duration_unit: 'months',
      allowed_concurrent_ips: 2,
      metadata: { benefits: ['Consultas ilimitadas', 'Suporte por WhatsApp'] },
    });
    const api = mockApi({
      ...adminRoutes,
      'GET /admin/plans': [
        answer(planContract.list, planPage([])),
        answer(planContract.list, planPage([created])),
      ],
      'POST /admin/plans': answer(planContract.create, created),
    });
    const { user } = renderPlansPage();
    const form = await screen.findByRole('form', { name: 'Novo plano' });

    await user.type(within(form).getByLabelText('Nome'), 'Trimestral');
    await user.type(within(form).getByLabelText('Preço (R$)'), '19,90');
    await user.clear(within(form).getByLabelText('Duração'));
    await user.type(within(form).getByLabelText('Duração'), '3');
    await user.selectOptions(within(form).getByLabelText('Unidade'), 'Meses');
    await user.clear(within(form).getByLabelText('Acessos simultâneos (IPs)'));
    await user.type(within(form).getByLabelText('Acessos simultâneos (IPs)'), '2');
    await user.type(
      within(form).getByLabelText('Benefícios'),
      '  Consultas ilimitadas {enter}{enter}Suporte por WhatsApp{enter}   ',
    );
    await user.click(within(form).getByRole('button', { name: 'Criar plano' }));

    expect(await screen.findByText(messages.planCreated)).toBeInTheDocument();
    expect(api.calls('POST /admin/plans')[0]?.body).toEqual({
      name: 'Trimestral',
      description: '',
      price_cents: 1990,
      duration_value: 3,
      duration_unit: 'months',
      allowed_concurrent_ips: 2,
      active: true,
      metadata: { benefits: ['Consultas ilimitadas', 'Suporte por WhatsApp'] },
    });
    expect(await screen.findByRole('row', { name: 'Trimestral' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Nome')).toHaveValue('');
  });

  it("shows the server's field message when it refuses", async () => {
    mockApi({
      ...adminRoutes,
      'GET /admin/plans': answer(planContract.list, planPage([])),
      'POST /admin/plans': json(400, {
        error: messages.validationFailed,
        code: 'VALIDATION_ERROR',
        fields: { name: messages.tooLong(100) },
      }),
    });
    const { user } = renderPlansPage();
    const form = await screen.findByRole('form', { name: 'Novo plano' });
    await user.type(within(form).getByLabelText('Nome'), 'X');
    await user.type(within(form).getByLabelText('Preço (R$)'), '10');
    await user.click(within(form).getByRole('button', { name: 'Criar plano' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      `${plansAdminMessages.createFailed}: ${messages.validationFailed}`,
    );
    expect(within(form).getByText(messages.tooLong(100))).toBeInTheDocument();
  });
});

describe('inline edit, toggle and delete', () => {
  it('edits a row in place and sends only the changed fields', async () => {
    const renamed = { ...catalogue()[0]!, name: 'Mensal Plus', price_cents: 3490 };
    const api = mockApi({
      ...adminRoutes,
      'GET /admin/plans': [
        answer(planContract.list, planPage(catalogue())),
        answer(planContract.list, planPage([renamed, catalogue()[1]!])),
      ],
      'PUT /admin/plans/1': answer(planContract.update, renamed),
    });
    const { user } = renderPlansPage();

    await user.click(
      within(await screen.findByRole('row', { name: 'Mensal' })).getByRole('button', { name: 'Editar' }),
    );
    const editing = screen.getByRole('form', { name: 'Editar Mensal' });
    expect(within(editing).getByLabelText('Preço (R$)')).toHaveValue('29,90');
    expect(within(editing).getByLabelText('Benefícios')).toHaveValue(
      'Consultas ilimitadas\nSuporte\nRelatórios\nAPI',
    );
    await user.clear(within(editing).getByLabelText('Nome'));
    await user.type(within(editing).getByLabelText('Nome'), 'Mensal Plus');
    await user.clear(within(editing).getByLabelText('Preço (R$)'));
    await user.type(within(editing).getByLabelText('Preço (R$)'), '34,90');
    await user.click(within(editing).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByRole('row', { name: 'Mensal Plus' })).toBeInTheDocument();
    expect(within(rowOf('Mensal Plus')).getByText('R$ 34,90')).toBeInTheDocument();
    expect(api.calls('PUT /admin/plans/1').map((call) => call.body)).toEqual([
      { name: 'Mensal Plus', price_cents: 3490 },
    ]);
    expect(screen.queryByRole('form', { name: 'Editar Mensal' })).not.toBeInTheDocument();
  });

  it('cancels an edit without a call, and validates like the create form', async () => {
    const api = mockApi({
      ...adminRoutes,
      'GET /admin/plans': answer(planContract.list, planPage(catalogue())),
    });
    const { user } = renderPlansPage();

    await user.click(
      within(await screen.findByRole('row', { name: 'Mensal' })).getByRole('button', { name: 'Editar' }),
    );
    const editing = screen.getByRole('form', { name: 'Editar Mensal' });
    await user.clear(within(editing).getByLabelText('Nome'));
    await user.click(within(editing).getByRole('button', { name: 'Salvar' }));
    expect(await within(editing).findByText(messages.planNameRequired)).toBeInTheDocument();

    await user.click(within(editing).getByRole('button', { name: 'Cancelar' }));
    expect(rowOf('Mensal')).toBeInTheDocument();
    expect(api.calls('PUT /admin/plans/1')).toHaveLength(0);
  });

  it('turns a plan inactive with the switch', async () => {
    const inactive = { ...catalogue()[0]!, active: false };
    const api = mockApi({
      ...adminRoutes,
      'GET /admin/plans': [
        answer(planContract.list, planPage(catalogue())),
        answer(planContract.list, planPage([inactive, catalogue()[1]!])),
      ],
      'PUT /admin/plans/1': answer(planContract.update, inactive),
    });
    const { user } = renderPlansPage();

    const toggle = await screen.findByRole('switch', { name: 'Plano ativo: Mensal' });
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(within(rowOf('Mensal')).getByText('Inativo')).toBeInTheDocument();
    expect(api.calls('PUT /admin/plans/1').map((call) => call.body)).toEqual([{ active: false }]);
    // The list is re-read afterwards and still says inactive.
    await waitFor(() => expect(api.calls('GET /admin/plans').length).toBeGreaterThanOrEqual(2));
    expect(screen.getByRole('switch', { name: 'Plano ativo: Mensal' })).not.toBeChecked();
  });

  it("shows 'Erro ao atualizar status' and reverts the switch when refused", async () => {
    mockApi({
      ...adminRoutes,
      'GET /admin/plans': answer(planContract.list, planPage(catalogue())),
      'PUT /admin/plans/1': json(500, { error: 'Falhou', code: 'INTERNAL_ERROR' }),
    });
    const { user } = renderPlansPage();

    const toggle = await screen.findByRole('switch', { name: 'Plano ativo: Mensal' });
    await user.click(toggle);
    expect(await screen.findByText(plansAdminMessages.statusFailed)).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeChecked());
  });

  it('asks before deleting and removes the row', async () => {
    const api = mockApi({
      ...adminRoutes,
      'GET /admin/plans': [
        answer(planContract.list, planPage(catalogue())),
        answer(planContract.list, planPage(catalogue().slice(1))),
      ],
      'DELETE /admin/plans/1': answer(planContract.remove, { message: messages.planDeleted, id: 1 }),
    });
    const { user } = renderPlansPage();

    await user.click(
      within(await screen.findByRole('row', { name: 'Mensal' })).getByRole('button', { name: 'Deletar' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(messages.planDeleteConfirm);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(api.calls('DELETE /admin/plans/1')).toHaveLength(0);

    await user.click(within(rowOf('Mensal')).getByRole('button', { name: 'Deletar' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deletar' }));

    await waitFor(() => expect(screen.queryByRole('row', { name: 'Mensal' })).not.toBeInTheDocument());
    expect(await screen.findByText(messages.planDeleted)).toBeInTheDocument();
    expect(api.calls('DELETE /admin/plans/1')).toHaveLength(1);
  });

  it('shows why a plan already sold cannot be deleted (409) and keeps it', async () => {
    mockApi({
      ...adminRoutes,
      'GET /admin/plans': answer(planContract.list, planPage(catalogue())),
      'DELETE /admin/plans/1': json(409, { error: messages.planInUse, code: 'PLAN_IN_USE' }),
    });
    const { user } = renderPlansPage();

    await user.click(
      within(await screen.findByRole('row', { name: 'Mensal' })).getByRole('button', { name: 'Deletar' }),
    );
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deletar' }));

    expect(await screen.findByText(plansAdminMessages.deleteFailed)).toBeInTheDocument();
    expect(screen.getByText(messages.planInUse)).toBeInTheDocument();
    expect(rowOf('Mensal')).toBeInTheDocument();
  });
});

describe('revendedor', () => {
  it('lists the plans read-only, with no create, edit, delete, PIX or payments', async () => {
    const api = mockApi({ 'GET /admin/plans': answer(planContract.list, planPage(catalogue())) });
    renderPlansPage('revendedor');

    const mensal = await screen.findByRole('row', { name: 'Mensal' });
    expect(within(mensal).getByText('Ativo')).toBeInTheDocument();
    expect(within(rowOf('Semanal')).getByText('Inativo')).toBeInTheDocument();
    expect(screen.getByText(/Somente leitura/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    for (const name of [
      'Editar',
      'Deletar',
      'Criar plano',
      'Rodar Poll',
      'Atualizar',
      'Salvar configuração',
    ]) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('columnheader', { name: 'Ações' })).not.toBeInTheDocument();
    expect(screen.queryByText('Configuração PIX')).not.toBeInTheDocument();
    expect(api.calls('GET /admin/settings/pix')).toHaveLength(0);
    expect(api.calls('GET /payments')).toHaveLength(0);
  });
});
