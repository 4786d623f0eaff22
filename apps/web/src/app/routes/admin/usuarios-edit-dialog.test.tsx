import type { EndpointOutput } from '@painel/shared/contracts/endpoint';
import { userContract } from '@painel/shared/contracts/users';
import { messages } from '@painel/shared/messages';
import type { PublicUser } from '@painel/shared/schemas/user';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';

import { listQueries, renderUsersPage, usersPage } from '@/app/routes/admin/usuarios.test-support';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';

afterEach(() => {
  toast.dismiss();
});

const ana = makeUser({
  id: 11,
  nome: 'Ana Lima',
  email: 'ana@exemplo.com',
  creditos: 25,
  modulos: { '3': { limite: 5 } },
  revendedor_id: null,
});
const reseller = makeUser({ id: 30, nome: 'Revenda Sul', email: 'sul@revenda.com', tipo: 'revendedor' });

const statement: EndpointOutput<typeof userContract.creditStatement> = {
  creditos: 25,
  lancamentos: [
    {
      id: 2,
      data: '2026-02-01T12:00:00.000Z',
      valor: 10,
      saldo_apos: 25,
      motivo: 'credito_admin',
      referencia: 'usuario:1',
      referencia_nome: 'Admin Geral',
      autor_id: 1,
    },
    {
      id: 1,
      data: '2026-01-15T12:00:00.000Z',
      valor: -2.5,
      saldo_apos: 15,
      motivo: 'consulta',
      referencia: 'consulta:7',
      referencia_nome: null,
      autor_id: null,
    },
  ],
  total: 2,
  totalPages: 1,
  page: 1,
};

type Routes = Parameters<typeof mockApi>[0];

async function openEdit(
  target: PublicUser = ana,
  routes: Routes = {},
  role: 'admin' | 'revendedor' = 'admin',
) {
  const api = mockApi({
    'GET /users': usersPage([target]),
    [`GET /users/${target.id}/credits`]: answer(userContract.creditStatement, statement),
    ...routes,
  });
  const { user } = renderUsersPage({ role });
  await user.click(await screen.findByRole('button', { name: `Editar ${target.nome}` }));
  const dialog = await screen.findByRole('dialog', { name: `Editar ${target.nome}` });
  return { api, user, dialog };
}

const save = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Salvar Alterações' });
const updated = (body: Partial<PublicUser> = {}) =>
  answer(userContract.update, { user: { ...ana, ...body }, message: 'Usuário atualizado com sucesso' });

describe('edit user', () => {
  it("checks the modules JSON ('JSON de módulos inválido') and the password ('Mínimo 4 caracteres')", async () => {
    const { api, user, dialog } = await openEdit();
    const modules = within(dialog).getByLabelText('Módulos (JSON)');
    expect(modules).toHaveValue(JSON.stringify({ '3': { limite: 5 } }, null, 2));

    await user.clear(modules);
    await user.type(modules, '{{"3": {{"limite": 5}');
    await user.type(within(dialog).getByLabelText('Nova senha'), 'abc');
    await user.click(save(dialog));

    expect(await within(dialog).findByText(messages.invalidModulesJson)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.passwordMin4)).toBeInTheDocument();
    expect(api.calls('PUT /users/11')).toHaveLength(0);
  });

  it('sends only what changed: the password when typed, the modules parsed, empty contacts as null', async () => {
    const withContact = { ...ana, whatsapp_contato: '11 99999-0000' };
    const { api, user, dialog } = await openEdit(withContact, { 'PUT /users/11': updated() });
    const modules = within(dialog).getByLabelText('Módulos (JSON)');
    await user.clear(modules);
    await user.type(modules, '{{"3": {{"limite": null}, "4": {{"limite": 20}}');
    await user.type(within(dialog).getByLabelText('Nova senha'), 'nova-senha');
    await user.clear(within(dialog).getByLabelText('WhatsApp'));
    await user.click(save(dialog));

    await waitFor(() => expect(api.calls('PUT /users/11')).toHaveLength(1));
    expect(api.calls('PUT /users/11')[0]?.body).toEqual({
      modulos: { '3': { limite: null }, '4': { limite: 20 } },
      senha: 'nova-senha',
      whatsapp_contato: null,
    });
    expect(await screen.findByText('Usuário atualizado com sucesso')).toBeInTheDocument();
  });

  it('refuses a WhatsApp that is not a phone with DDD and a Telegram that is not a username or t.me link', async () => {
    const { api, user, dialog } = await openEdit(reseller, { 'PUT /users/30': updated() });
    const whatsapp = within(dialog).getByLabelText('WhatsApp');
    const telegram = within(dialog).getByLabelText('Telegram');
    const fill = async (input: HTMLElement, text: string) => {
      await user.clear(input);
      await user.click(input);
      await user.paste(text);
    };
    await fill(whatsapp, 'abc');
    await fill(telegram, '@loja');
    await user.click(save(dialog));

    expect(await within(dialog).findByText(messages.whatsappInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(messages.telegramInvalid)).toBeInTheDocument();
    expect(api.calls('PUT /users/30')).toHaveLength(0);

    await fill(whatsapp, '(11) 98765-4321');
    await fill(telegram, 't.me/loja_sul');
    await user.click(save(dialog));
    await waitFor(() =>
      expect(api.calls('PUT /users/30')[0]?.body).toEqual({
        whatsapp_contato: '(11) 98765-4321',
        telegram_contato: 't.me/loja_sul',
      }),
    );
  }, 15_000);

  it('asks for a ban reason when banning, and sends the reason only with the ban', async () => {
    const { api, user, dialog } = await openEdit(ana, { 'PUT /users/11': updated({ banido: true }) });
    await user.click(within(dialog).getByRole('switch', { name: 'Banido' }));
    await user.click(save(dialog));
    expect(await within(dialog).findByText(messages.banReasonRequired)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Motivo do banimento'), '  Fraude  ');
    await user.click(save(dialog));
    await waitFor(() =>
      expect(api.calls('PUT /users/11')[0]?.body).toEqual({ banido: true, motivo_banimento: 'Fraude' }),
    );
  });

  it('unbanning sends the reason as null', async () => {
    const banned = { ...ana, banido: true, motivo_banimento: 'Fraude' };
    const { api, user, dialog } = await openEdit(banned, { 'PUT /users/11': updated() });
    await user.click(within(dialog).getByRole('switch', { name: 'Banido' }));
    expect(within(dialog).queryByLabelText('Motivo do banimento')).not.toBeInTheDocument();
    await user.click(save(dialog));
    await waitFor(() =>
      expect(api.calls('PUT /users/11')[0]?.body).toEqual({ banido: false, motivo_banimento: null }),
    );
  });

  it('updates the active days when an expiry date is set, and sends an empty expiry as null', async () => {
    const { api, user, dialog } = await openEdit(ana, { 'PUT /users/11': updated() });
    const expiry = within(dialog).getByLabelText('Expira em');
    const days = within(dialog).getByLabelText('Dias ativos');
    expect(days).toHaveValue(0);

    const inTenDays = new Date(Date.now() + 10 * 86_400_000 - 3_600_000);
    const pad = (value: number) => String(value).padStart(2, '0');
    const local = `${inTenDays.getFullYear()}-${pad(inTenDays.getMonth() + 1)}-${pad(inTenDays.getDate())}T${pad(inTenDays.getHours())}:${pad(inTenDays.getMinutes())}`;
    await user.type(expiry, local);
    await waitFor(() => expect(days).toHaveValue(10));

    await user.clear(expiry);
    expect(days).toHaveValue(0);
    await user.click(save(dialog));
    // The expiry was null and is null again: nothing changed, nothing is sent.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('PUT /users/11')).toHaveLength(0);
  });

  it('finds the responsible reseller by name, email or id among revendedores and admins', async () => {
    const { api, user, dialog } = await openEdit(ana, {
      'GET /users': [usersPage([ana]), usersPage([reseller]), usersPage([])],
      'PUT /users/11': updated({ revendedor_id: 30 }),
    });
    await user.type(within(dialog).getByLabelText('Responsável (revendedor ou admin)'), 'sul@revenda.com');
    await user.click(save(dialog));

    await waitFor(() => expect(api.calls('PUT /users/11')[0]?.body).toEqual({ revendedor_id: 30 }));
    const lookups = listQueries().filter((query) => query.has('tipo'));
    expect(lookups.map((query) => query.get('tipo')).sort()).toEqual(['admin', 'revendedor']);
    for (const query of lookups) {
      expect(query.get('q')).toBe('sul@revenda.com');
      expect(query.get('limit')).toBe('50');
    }
  });

  it("says 'Responsável não encontrado…' when nobody matches, and 'Erro ao buscar revendedor' when the lookup fails", async () => {
    const { api, user, dialog } = await openEdit(ana, {
      'GET /users': [
        usersPage([ana]),
        usersPage([]),
        usersPage([]),
        json(500, { error: 'Falhou', code: 'INTERNAL_ERROR' }),
      ],
    });
    const field = within(dialog).getByLabelText('Responsável (revendedor ou admin)');
    await user.type(field, 'ninguém');
    await user.click(save(dialog));
    expect(await within(dialog).findByText(messages.responsibleNotFound)).toBeInTheDocument();
    expect(api.calls('PUT /users/11')).toHaveLength(0);

    await user.type(field, ' mais');
    await user.click(within(dialog).getByRole('button', { name: 'Buscar' }));
    expect(await within(dialog).findByText(/^Erro ao buscar revendedor/)).toBeInTheDocument();
    expect(api.calls('PUT /users/11')).toHaveLength(0);
  });

  it("shows the server's refusal and its field message", async () => {
    const { user, dialog } = await openEdit(ana, {
      'PUT /users/11': json(409, {
        error: 'Este email já está cadastrado',
        code: 'EMAIL_IN_USE',
        fields: { email: 'Este email já está cadastrado' },
      }),
    });
    const email = within(dialog).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'outra@exemplo.com');
    await user.click(save(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Erro ao atualizar usuário: Este email já está cadastrado',
    );
    expect(email).toHaveAccessibleDescription('Este email já está cadastrado');
  });

  it('shows the credit statement of the user', async () => {
    const { dialog } = await openEdit();
    const entries = await within(dialog).findByRole('list', { name: 'Lançamentos' });
    const items = within(entries).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Crédito adicionado pela administração');
    expect(items[0]).toHaveTextContent('+10,00');
    // The other account by its name, not 'Usuário #1'.
    expect(items[0]).toHaveTextContent('Admin Geral');
    expect(items[0]).not.toHaveTextContent('Usuário #1');
    expect(items[1]).toHaveTextContent('Consulta');
    expect(items[1]).toHaveTextContent('−2,50');
    expect(items[1]).toHaveTextContent('saldo 15,00');
  });

  it('shows no tipo and no responsible field to a reseller', async () => {
    const { dialog } = await openEdit(ana, {}, 'revendedor');
    expect(within(dialog).getByLabelText('Nome')).toHaveValue('Ana Lima');
    expect(within(dialog).queryByLabelText('Tipo')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Responsável (revendedor ou admin)')).not.toBeInTheDocument();
  });
});
