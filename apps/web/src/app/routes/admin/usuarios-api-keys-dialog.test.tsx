import { apiKeyContract } from '@painel/shared/contracts/api-keys';
import { moduleContract } from '@painel/shared/contracts/modules';
import { messages } from '@painel/shared/messages';
import type { ApiKey } from '@painel/shared/schemas/api-keys';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';

import { renderUsersPage, usersPage } from '@/app/routes/admin/usuarios.test-support';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { makeModule } from '@/test/module-fixtures';

afterEach(() => {
  toast.dismiss();
});

const ana = makeUser({ id: 11, nome: 'Ana Lima' });

const erpKey: ApiKey = {
  id: 7,
  nome: 'ERP',
  prefixo: 'pk_def456uvw',
  modulos: [1],
  ips: ['203.0.113.10'],
  limite_diario_creditos: 25.5,
  limite_por_segundo: 10,
  expira_em: null,
  ultimo_uso: null,
  criada_em: '2026-03-10T15:00:00.000Z',
};

async function openKeys(role: 'admin' | 'revendedor', routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /users': usersPage([ana]),
    'GET /modulos/ativos': answer(moduleContract.active, { modulos: [makeModule({ id: 1, nome: 'CPF' })] }),
    'GET /users/11/api-keys': answer(apiKeyContract.listOfUser, { chaves: [erpKey] }),
    ...routes,
  });
  const { user } = renderUsersPage({ role });
  await user.click(await screen.findByRole('button', { name: 'Ações de Ana Lima' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Chaves de API' }));
  const dialog = await screen.findByRole('dialog', { name: 'Chaves de API' });
  const key = await within(dialog).findByRole('listitem', { name: 'ERP' });
  return { api, user, dialog, key };
}

describe("the users screen's 'Chaves de API'", () => {
  it("lists the user's keys by prefix; an admin changes a key's requests per second", async () => {
    const { api, user, key } = await openKeys('admin', {
      'PUT /users/11/api-keys/7': answer(apiKeyContract.setRate, { ...erpKey, limite_por_segundo: 50 }),
    });
    expect(key).toHaveTextContent('pk_def456uvw…');
    await waitFor(() => expect(key).toHaveTextContent('MódulosCPF'));
    expect(key).toHaveTextContent('25,50 créditos/dia');

    const rate = within(key).getByLabelText('Requisições por segundo');
    expect(rate).toHaveValue(10);
    await user.clear(rate);
    await user.type(rate, '1001');
    await user.click(within(key).getByRole('button', { name: 'Salvar' }));
    expect(await within(key).findByText(messages.apiKeyRateRange(1000))).toBeInTheDocument();
    expect(api.calls('PUT /users/11/api-keys/7')).toHaveLength(0);

    await user.clear(rate);
    await user.type(rate, '50');
    await user.click(within(key).getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Requisições por segundo alteradas')).toBeInTheDocument();
    expect(api.calls('PUT /users/11/api-keys/7')[0]?.body).toEqual({ limite_por_segundo: 50 });
  });

  it('shows a reseller the rate, not a field to change it', async () => {
    const { key } = await openKeys('revendedor');
    expect(within(key).queryByLabelText('Requisições por segundo')).not.toBeInTheDocument();
    expect(key).toHaveTextContent('Requisições por segundo: 10');
    expect(within(key).getByRole('button', { name: 'Revogar ERP' })).toBeInTheDocument();
  });

  it('revokes a key after asking', async () => {
    const { api, user, dialog } = await openKeys('revendedor', {
      'GET /users/11/api-keys': [
        answer(apiKeyContract.listOfUser, { chaves: [erpKey] }),
        answer(apiKeyContract.listOfUser, { chaves: [] }),
      ],
      'DELETE /users/11/api-keys/7': answer(apiKeyContract.revokeOfUser, {
        message: messages.apiKeyRevoked,
        id: 7,
      }),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Revogar ERP' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revogar ERP?' });
    expect(confirm).toHaveTextContent('A chave deixa de funcionar na hora.');
    await user.click(within(confirm).getByRole('button', { name: 'Revogar' }));
    expect(await screen.findByText(messages.apiKeyRevoked)).toBeInTheDocument();
    expect(await within(dialog).findByText('Nenhuma chave de API ativa.')).toBeInTheDocument();
    expect(api.calls('DELETE /users/11/api-keys/7')).toHaveLength(1);
  });

  it('says when the keys do not load', async () => {
    mockApi({
      'GET /users': usersPage([ana]),
      'GET /modulos/ativos': answer(moduleContract.active, { modulos: [] }),
      'GET /users/11/api-keys': json(404, { error: 'Usuário não encontrado', code: 'NOT_FOUND' }),
    });
    const { user } = renderUsersPage({ role: 'revendedor' });
    await user.click(await screen.findByRole('button', { name: 'Ações de Ana Lima' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Chaves de API' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chaves de API' });
    expect(
      await within(dialog).findByText('Não foi possível carregar as chaves de API.'),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Usuário não encontrado');
  });
});
