import { purposeContract } from '@painel/shared/contracts/finalidades';
import { messages } from '@painel/shared/messages';
import type { Purpose } from '@painel/shared/schemas/finalidades';
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

const credit: Purpose = {
  id: 1,
  nome: 'Análise de crédito',
  base_legal: 'X',
  ativo: true,
  permite_menores: false,
};
const fraud: Purpose = {
  id: 2,
  nome: 'Prevenção a fraudes',
  base_legal: 'IX',
  ativo: true,
  permite_menores: true,
};
const old: Purpose = {
  id: 3,
  nome: 'Cobrança antiga',
  base_legal: 'V',
  ativo: false,
  permite_menores: false,
};

const list = (finalidades: Purpose[]) => answer(purposeContract.list, { finalidades });

afterEach(() => {
  toast.dismiss();
});

/**
 * The server's purposes as the list reads them: a change answered by a mocked PUT or DELETE is
 * applied here too, so the list the panel reads again afterwards agrees with the answer.
 */
function storedPurposes(initial: Purpose[]) {
  let stored = [...initial];
  return {
    list: () => list(stored),
    updated: (purpose: Purpose) => () => {
      stored = stored.map((current) => (current.id === purpose.id ? purpose : current));
      return answer(purposeContract.update, purpose);
    },
    deleted: (id: number) => () => {
      stored = stored.filter((current) => current.id !== id);
      return answer(purposeContract.remove, { message: messages.purposeDeleted, id });
    },
  };
}

/** /admin/finalidades through the app's own router, signed in as `role`. */
function openPurposes(routes: Routes = {}, role: Role = 'admin') {
  signIn('tok-1', makeUser({ id: 1, tipo: role }));
  const api = mockApi({ 'GET /admin/finalidades': list([credit, fraud, old]), ...routes });
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/admin/finalidades'] });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { api, user, router };
}

const rowOf = (name: string) => screen.getByRole('row', { name });
const dialogNamed = (name: string) => screen.findByRole('dialog', { name });

describe('/admin/finalidades: the list', () => {
  it('shows every purpose with its legal basis, status and minors flag, and the menu links here', async () => {
    openPurposes();
    const creditRow = await screen.findByRole('row', { name: 'Análise de crédito' });
    expect(screen.getByRole('heading', { level: 1, name: 'Finalidades' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Finalidade',
      'Base legal (LGPD)',
      'Permite menores',
      'Status',
      'Ações',
    ]);

    expect(within(creditRow).getByText('Art. 7º, X — Proteção do crédito')).toBeInTheDocument();
    expect(within(creditRow).getByText('Não')).toBeInTheDocument();
    expect(
      within(creditRow).getByRole('switch', { name: 'Finalidade ativa: Análise de crédito' }),
    ).toBeChecked();
    expect(within(creditRow).getByText('Ativa')).toBeInTheDocument();

    const fraudRow = rowOf('Prevenção a fraudes');
    expect(within(fraudRow).getByText('Art. 7º, IX — Interesse legítimo')).toBeInTheDocument();
    expect(within(fraudRow).getByText('Sim')).toBeInTheDocument();

    const oldRow = rowOf('Cobrança antiga');
    expect(within(oldRow).getByText('Art. 7º, V — Execução de contrato')).toBeInTheDocument();
    expect(
      within(oldRow).getByRole('switch', { name: 'Finalidade ativa: Cobrança antiga' }),
    ).not.toBeChecked();
    expect(within(oldRow).getByText('Inativa')).toBeInTheDocument();

    const links = screen.getAllByRole('link', { name: 'Finalidades' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/admin/finalidades');
  });

  it('shows a skeleton while loading, then says when there is no purpose yet', async () => {
    openPurposes({ 'GET /admin/finalidades': list([]) });
    expect(await screen.findByRole('status', { name: 'Carregando finalidades' })).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma finalidade cadastrada')).toBeInTheDocument();
    expect(screen.getByText('Crie a primeira em “Nova finalidade”.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and loads it again on request', async () => {
    const { api, user } = openPurposes({
      'GET /admin/finalidades': [json(500, { error: 'Erro interno do servidor' }), list([credit])],
    });
    const retry = await screen.findByRole('button', { name: 'Tentar de novo' });
    expect(screen.getAllByText('Não foi possível carregar as finalidades.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(retry);
    expect(await screen.findByRole('row', { name: 'Análise de crédito' })).toBeInTheDocument();
    expect(api.calls('GET /admin/finalidades')).toHaveLength(2);
  });

  it('sends a reseller to the admin dashboard, with no Finalidades link and no list read', async () => {
    const { api, router } = openPurposes({}, 'revendedor');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(screen.queryByRole('link', { name: 'Finalidades' })).not.toBeInTheDocument();
    expect(api.calls('GET /admin/finalidades')).toHaveLength(0);
  });
});

describe('/admin/finalidades: create and edit', () => {
  it('refuses a blank name and no legal basis with their messages, and sends nothing', async () => {
    const { api, user } = openPurposes();
    await user.click(await screen.findByRole('button', { name: 'Nova finalidade' }));
    const dialog = await dialogNamed('Nova finalidade');
    await user.click(within(dialog).getByRole('button', { name: 'Criar finalidade' }));

    expect(await within(dialog).findByText(messages.purposeNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.legalBasisInvalid)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Base legal')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /admin/finalidades')).toHaveLength(0);
  });

  it('offers the ten bases of art. 7 and creates the purpose with what was chosen', async () => {
    const created: Purpose = {
      id: 9,
      nome: 'Due diligence',
      base_legal: 'VI',
      ativo: true,
      permite_menores: true,
    };
    const { api, user } = openPurposes({
      'GET /admin/finalidades': [list([credit]), list([credit, created])],
      'POST /admin/finalidades': answer(purposeContract.create, created),
    });
    await user.click(await screen.findByRole('button', { name: 'Nova finalidade' }));
    const dialog = await dialogNamed('Nova finalidade');

    const basis = within(dialog).getByLabelText('Base legal') as HTMLSelectElement;
    const options = [...basis.options].filter((option) => option.value !== '').map((option) => option.text);
    expect(options).toHaveLength(10);
    expect(options[0]).toBe('Art. 7º, I — Consentimento do titular');
    expect(options[9]).toBe('Art. 7º, X — Proteção do crédito');
    expect(within(dialog).getByRole('switch', { name: /Ativa/ })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: /Permite menores/ })).not.toBeChecked();

    await user.type(within(dialog).getByLabelText('Nome'), '  Due diligence ');
    await user.selectOptions(basis, 'VI');
    await user.click(within(dialog).getByRole('switch', { name: /Permite menores/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar finalidade' }));

    expect(await screen.findByText('Finalidade criada')).toBeInTheDocument();
    expect(api.calls('POST /admin/finalidades')[0]?.body).toEqual({
      nome: 'Due diligence',
      base_legal: 'VI',
      ativo: true,
      permite_menores: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = await screen.findByRole('row', { name: 'Due diligence' });
    expect(within(row).getByText('Art. 7º, VI — Exercício regular de direitos')).toBeInTheDocument();
  });

  it('shows a name already in use under the Nome field and keeps the dialog open', async () => {
    const { user } = openPurposes({
      'POST /admin/finalidades': json(409, {
        error: messages.purposeNameInUse,
        code: 'PURPOSE_NAME_IN_USE',
        fields: { nome: messages.purposeNameInUse },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Nova finalidade' }));
    const dialog = await dialogNamed('Nova finalidade');
    await user.type(within(dialog).getByLabelText('Nome'), 'análise de crédito');
    await user.selectOptions(within(dialog).getByLabelText('Base legal'), 'X');
    await user.click(within(dialog).getByRole('button', { name: 'Criar finalidade' }));

    const name = within(dialog).getByLabelText('Nome');
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(messages.purposeNameInUse);
    expect(
      within(dialog).getByText(`Erro ao criar finalidade: ${messages.purposeNameInUse}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nova finalidade' })).toBeInTheDocument();
  });

  it('edits a purpose: the form starts with its values and saves the change', async () => {
    const renamed: Purpose = { ...fraud, nome: 'Prevenção a fraudes e golpes', permite_menores: false };
    const server = storedPurposes([credit, fraud, old]);
    const { api, user } = openPurposes({
      'GET /admin/finalidades': server.list,
      'PUT /admin/finalidades/2': server.updated(renamed),
    });
    await user.click(
      within(await screen.findByRole('row', { name: 'Prevenção a fraudes' })).getByRole('button', {
        name: 'Editar',
      }),
    );
    const dialog = await dialogNamed('Editar Prevenção a fraudes');
    expect(within(dialog).getByLabelText('Nome')).toHaveValue('Prevenção a fraudes');
    expect(within(dialog).getByLabelText('Base legal')).toHaveValue('IX');
    expect(within(dialog).getByRole('switch', { name: /Permite menores/ })).toBeChecked();

    await user.clear(within(dialog).getByLabelText('Nome'));
    await user.type(within(dialog).getByLabelText('Nome'), 'Prevenção a fraudes e golpes');
    await user.click(within(dialog).getByRole('switch', { name: /Permite menores/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));

    expect(await screen.findByText('Finalidade atualizada')).toBeInTheDocument();
    expect(api.calls('PUT /admin/finalidades/2')[0]?.body).toEqual({
      nome: 'Prevenção a fraudes e golpes',
      base_legal: 'IX',
      ativo: true,
      permite_menores: false,
    });
    const row = await screen.findByRole('row', { name: 'Prevenção a fraudes e golpes' });
    expect(within(row).getByText('Não')).toBeInTheDocument();
  });
});

describe('/admin/finalidades: status and delete', () => {
  it('turns a purpose off with its switch, and back on when the server refuses', async () => {
    const server = storedPurposes([credit, fraud, old]);
    const { api, user } = openPurposes({
      'GET /admin/finalidades': server.list,
      'PUT /admin/finalidades/1': [
        server.updated({ ...credit, ativo: false }),
        json(500, { error: 'Erro interno do servidor' }),
      ],
    });
    const row = await screen.findByRole('row', { name: 'Análise de crédito' });
    const active = within(row).getByRole('switch', { name: 'Finalidade ativa: Análise de crédito' });

    await user.click(active);
    await waitFor(() => expect(active).not.toBeChecked());
    expect(within(row).getByText('Inativa')).toBeInTheDocument();
    expect(api.calls('PUT /admin/finalidades/1')[0]?.body).toEqual({ ativo: false });

    await user.click(active);
    expect(await screen.findByText('Erro ao atualizar status')).toBeInTheDocument();
    expect(api.calls('PUT /admin/finalidades/1')[1]?.body).toEqual({ ativo: true });
    await waitFor(() => expect(active).not.toBeChecked());
    expect(within(row).getByText('Inativa')).toBeInTheDocument();
  });

  it('deletes an unused purpose after confirmation', async () => {
    const server = storedPurposes([credit, fraud, old]);
    const { api, user } = openPurposes({
      'GET /admin/finalidades': server.list,
      'DELETE /admin/finalidades/3': server.deleted(3),
    });
    await user.click(
      within(await screen.findByRole('row', { name: 'Cobrança antiga' })).getByRole('button', {
        name: 'Excluir',
      }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Excluir Cobrança antiga' });
    expect(api.calls('DELETE /admin/finalidades/3')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Excluir' }));

    expect(await screen.findByText(messages.purposeDeleted)).toBeInTheDocument();
    expect(api.calls('DELETE /admin/finalidades/3')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: 'Cobrança antiga' })).not.toBeInTheDocument(),
    );
  });

  it("shows why a used purpose cannot be deleted and offers 'Desativar' instead", async () => {
    const server = storedPurposes([credit, fraud, old]);
    const { api, user } = openPurposes({
      'GET /admin/finalidades': server.list,
      'DELETE /admin/finalidades/1': json(409, { error: messages.purposeInUse, code: 'PURPOSE_IN_USE' }),
      'PUT /admin/finalidades/1': server.updated({ ...credit, ativo: false }),
    });
    const row = await screen.findByRole('row', { name: 'Análise de crédito' });
    await user.click(within(row).getByRole('button', { name: 'Excluir' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Excluir Análise de crédito' })).getByRole(
        'button',
        {
          name: 'Excluir',
        },
      ),
    );

    const refusal = await screen.findByRole('alertdialog', {
      name: 'Não é possível excluir Análise de crédito',
    });
    expect(refusal).toHaveAccessibleDescription(messages.purposeInUse);
    expect(api.calls('PUT /admin/finalidades/1')).toHaveLength(0);

    await user.click(within(refusal).getByRole('button', { name: 'Desativar' }));
    expect(await screen.findByText('Finalidade desativada')).toBeInTheDocument();
    expect(api.calls('PUT /admin/finalidades/1')[0]?.body).toEqual({ ativo: false });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(
      within(rowOf('Análise de crédito')).getByRole('switch', {
        name: 'Finalidade ativa: Análise de crédito',
      }),
    ).not.toBeChecked();
  });

  it('only explains the refusal for a used purpose that is already inactive', async () => {
    const { user } = openPurposes({
      'DELETE /admin/finalidades/3': json(409, { error: messages.purposeInUse, code: 'PURPOSE_IN_USE' }),
    });
    await user.click(
      within(await screen.findByRole('row', { name: 'Cobrança antiga' })).getByRole('button', {
        name: 'Excluir',
      }),
    );
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Excluir Cobrança antiga' })).getByRole(
        'button',
        {
          name: 'Excluir',
        },
      ),
    );
    const refusal = await screen.findByRole('alertdialog', {
      name: 'Não é possível excluir Cobrança antiga',
    });
    expect(refusal).toHaveTextContent('Ela já está inativa');
    expect(within(refusal).queryByRole('button', { name: 'Desativar' })).not.toBeInTheDocument();
    await user.click(within(refusal).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
