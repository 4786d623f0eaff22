import { profileContract } from '@painel/shared/contracts/profile';
import { sessionContract } from '@painel/shared/contracts/session';
import { messages } from '@painel/shared/messages';
import type { PublicUser } from '@painel/shared/schemas/user';
import { render, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';

import { Toaster } from '@/components/ui/sonner';
import { getSession, signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';

// The toast store outlives each test's Toaster and replays what is still active.
afterEach(() => {
  toast.dismiss();
});

const emptyStatement = { creditos: 12.5, lancamentos: [], total: 0, totalPages: 1, page: 1 };

type Routes = Parameters<typeof mockApi>[0];

/** /profile signed in as `user`, with the toaster the app provides. */
function openProfile(user: PublicUser, routes: Routes = {}) {
  signIn('tok-1', user);
  const api = mockApi({
    'GET /profile': answer(sessionContract.me, { user }),
    'GET /profile/credits': answer(profileContract.credits, { ...emptyStatement, creditos: user.creditos }),
    ...routes,
  });
  render(<Toaster />);
  return { api, ...renderApp('/profile') };
}

const profileForm = () => screen.getByRole('form', { name: 'Dados do perfil' });
const passwordForm = () => screen.getByRole('form', { name: 'Alterar senha' });

describe('profile data', () => {
  it('shows name and email, no contacts for a usuario, and the way to the history', async () => {
    openProfile(makeUser());

    const form = await screen.findByRole('form', { name: 'Dados do perfil' });
    expect(within(form).getByLabelText('Nome')).toHaveValue('Maria Teste');
    expect(within(form).getByLabelText('Email')).toHaveValue('maria@exemplo.com');
    expect(within(form).queryByLabelText('WhatsApp')).not.toBeInTheDocument();
    expect(within(form).queryByLabelText('Telegram')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Histórico de consultas/ })).toHaveAttribute(
      'href',
      '/historico',
    );
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/');
  });

  it('asks for the name and a valid email before sending anything', async () => {
    const { api, user } = openProfile(makeUser());
    const form = await screen.findByRole('form', { name: 'Dados do perfil' });

    await user.clear(within(form).getByLabelText('Nome'));
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'maria@');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));

    expect(await within(form).findByText(messages.required)).toBeInTheDocument();
    expect(within(form).getByText(messages.invalidEmail)).toBeInTheDocument();
    expect(api.calls('PUT /profile')).toHaveLength(0);
  });

  it('saves only name and email for a usuario, and the header follows at once', async () => {
    const before = makeUser();
    const { api, user } = openProfile(before, {
      'PUT /profile': answer(profileContract.update, {
        user: { ...before, nome: 'Maria Souza' },
        message: messages.profileUpdated,
      }),
    });
    const form = await screen.findByRole('form', { name: 'Dados do perfil' });

    await user.clear(within(form).getByLabelText('Nome'));
    await user.type(within(form).getByLabelText('Nome'), 'Maria Souza');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    expect(api.calls('PUT /profile')[0]?.body).toEqual({ nome: 'Maria Souza', email: 'maria@exemplo.com' });
    expect(screen.getByText('Olá, Maria Souza')).toBeInTheDocument();
    expect(getSession()?.user.nome).toBe('Maria Souza');
  });

  it('shows the server reason, on the field it names, when the save fails', async () => {
    const { user } = openProfile(makeUser(), {
      'PUT /profile': json(409, {
        error: messages.emailInUse,
        code: 'EMAIL_IN_USE',
        fields: { email: messages.emailInUse },
      }),
    });
    const form = await screen.findByRole('form', { name: 'Dados do perfil' });

    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'outra@exemplo.com');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      `Erro ao atualizar perfil: ${messages.emailInUse}`,
    );
    expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription(
      expect.stringContaining(messages.emailInUse),
    );
    expect(getSession()?.user.email).toBe('maria@exemplo.com');

    // Fixing the field takes the red box away: it spoke of what was sent, not of what is typed now.
    await user.type(within(form).getByLabelText('Email'), 'x');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('reseller contacts', () => {
  const reseller = () =>
    makeUser({ tipo: 'revendedor', whatsapp_contato: null, telegram_contato: 'lojadoze' });

  it('shows WhatsApp and Telegram to a revendedor, with the link the clients will get', async () => {
    const { user } = openProfile(reseller());
    const form = await screen.findByRole('form', { name: 'Dados do perfil' });

    expect(within(form).getByLabelText('Telegram')).toHaveValue('lojadoze');
    expect(within(form).getByRole('link', { name: 't.me/lojadoze' })).toHaveAttribute(
      'href',
      'https://t.me/lojadoze',
    );

    await user.type(within(form).getByLabelText('WhatsApp'), '(11) 99999-0000');
    expect(within(form).getByRole('link', { name: 'wa.me/5511999990000' })).toHaveAttribute(
      'href',
      'https://wa.me/5511999990000',
    );
  });

  it('refuses contacts the reseller card could not link to', async () => {
    const { api, user } = openProfile(reseller());
    const form = await screen.findByRole('form', { name: 'Dados do perfil' });

    await user.type(within(form).getByLabelText('WhatsApp'), '1234');
    await user.clear(within(form).getByLabelText('Telegram'));
    await user.type(within(form).getByLabelText('Telegram'), '@a');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));

    expect(await within(form).findByText(/Informe o WhatsApp com DDD/)).toBeInTheDocument();
    expect(within(form).getByText(/Informe o usuário do Telegram/)).toBeInTheDocument();
    expect(api.calls('PUT /profile')).toHaveLength(0);
  });

  it('sends the contacts, and an emptied one goes as blank so the server clears it', async () => {
    const before = reseller();
    const { api, user } = openProfile(before, {
      'PUT /profile': answer(profileContract.update, {
        user: { ...before, whatsapp_contato: '11 99999-0000', telegram_contato: null },
        message: messages.profileUpdated,
      }),
    });
    const form = await screen.findByRole('form', { name: 'Dados do perfil' });

    await user.type(within(form).getByLabelText('WhatsApp'), '11 99999-0000');
    await user.clear(within(form).getByLabelText('Telegram'));
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));

    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    expect(api.calls('PUT /profile')[0]?.body).toEqual({
      nome: 'Maria Teste',
      email: 'maria@exemplo.com',
      whatsapp_contato: '11 99999-0000',
      telegram_contato: '',
    });
    expect(within(form).getByLabelText('Telegram')).toHaveValue('');
  });
});

describe('change password', () => {
  async function fill(
    user: ReturnType<typeof openProfile>['user'],
    values: { atual: string; nova: string; confirmar: string },
  ) {
    const form = await screen.findByRole('form', { name: 'Alterar senha' });
    await user.type(within(form).getByLabelText('Senha atual'), values.atual);
    await user.type(within(form).getByLabelText('Nova senha'), values.nova);
    await user.type(within(form).getByLabelText('Confirmar nova senha'), values.confirmar);
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }));
    return form;
  }

  it('needs a new password of at least 6 characters', async () => {
    const { api, user } = openProfile(makeUser());
    const form = await fill(user, { atual: 'velha1', nova: '12345', confirmar: '12345' });

    expect(await within(form).findByText(messages.passwordMin6)).toBeInTheDocument();
    expect(api.calls('POST /profile/change-password')).toHaveLength(0);
  });

  it('needs the confirmation to match', async () => {
    const { api, user } = openProfile(makeUser());
    const form = await fill(user, { atual: 'velha1', nova: 'nova-senha', confirmar: 'outra-senha' });

    expect(await within(form).findByText(messages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(api.calls('POST /profile/change-password')).toHaveLength(0);
  });

  it("shows the server's reason for a wrong current password and keeps the session", async () => {
    const { router, user } = openProfile(makeUser(), {
      'POST /profile/change-password': json(400, {
        error: messages.wrongCurrentPassword,
        code: 'WRONG_PASSWORD',
        fields: { senhaAtual: messages.wrongCurrentPassword },
      }),
    });
    const form = await fill(user, { atual: 'errada', nova: 'nova-senha', confirmar: 'nova-senha' });

    expect(await within(form).findByRole('alert')).toHaveTextContent(
      `Erro ao alterar senha: ${messages.wrongCurrentPassword}`,
    );
    expect(within(form).getByLabelText('Senha atual')).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/profile');
    expect(getSession()).not.toBeNull();
  });

  it('sends current and new password, says so, clears the boxes and stays signed in here', async () => {
    const { api, router, user } = openProfile(makeUser(), {
      'POST /profile/change-password': answer(profileContract.changePassword, {
        message: messages.passwordChanged,
      }),
    });
    await fill(user, { atual: 'velha1', nova: 'nova-senha', confirmar: 'nova-senha' });

    expect(await screen.findByText(messages.passwordChanged)).toBeInTheDocument();
    expect(screen.getByText(/outros dispositivos foram encerradas/)).toBeInTheDocument();
    expect(api.calls('POST /profile/change-password')[0]?.body).toEqual({
      senhaAtual: 'velha1',
      novaSenha: 'nova-senha',
    });
    await waitFor(() => expect(within(passwordForm()).getByLabelText('Senha atual')).toHaveValue(''));
    expect(within(passwordForm()).getByLabelText('Nova senha')).toHaveValue('');
    expect(router.state.location.pathname).toBe('/profile');
    expect(getSession()?.token).toBe('tok-1');
    expect(profileForm()).toBeInTheDocument();
  });
});

describe('credit statement', () => {
  const entry = (id: number, valor: number, saldo: number, motivo: string, referencia: string | null) => ({
    id,
    data: '2026-03-10T15:30:00.000Z',
    valor,
    saldo_apos: saldo,
    motivo,
    referencia,
    referencia_nome: null,
    autor_id: null,
  });

  it('explains the balance entry by entry, in pt-BR money and dates', async () => {
    openProfile(makeUser({ creditos: 48.5 }), {
      'GET /profile/credits': answer(profileContract.credits, {
        creditos: 48.5,
        lancamentos: [
          entry(3, 1.5, 48.5, 'consulta_estorno', 'consulta:9'),
          entry(2, -1.5, 47, 'consulta', 'consulta:9'),
          entry(1, 48.5, 48.5, 'recarga_pix', 'pix:4'),
        ],
        total: 3,
        totalPages: 1,
        page: 1,
      }),
    });

    const rows = within(await screen.findByRole('list', { name: 'Movimentações de créditos' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Estorno de consulta que falhou');
    expect(rows[0]).toHaveTextContent('Consulta #9');
    expect(rows[0]).toHaveTextContent(/\+R\$\s1,50/);
    expect(rows[1]).toHaveTextContent(/-R\$\s1,50/);
    expect(rows[1]).toHaveTextContent(/R\$\s47,00/);
    expect(rows[2]).toHaveTextContent('Recarga via PIX');
    expect(rows[2]).toHaveTextContent('Pagamento PIX #4');
    expect(rows[2]).toHaveTextContent(/10\/03\/2026/);
    expect(screen.getByText('Saldo atual').nextElementSibling).toHaveTextContent(/R\$\s48,50/);
    // The rate note reads beside the balance, outside its list of terms (which holds term groups only).
    expect(screen.getByText('1 crédito = R$ 1,00').closest('dl')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Páginas do extrato' })).not.toBeInTheDocument();
  });

  it('names the reseller a transfer came from', async () => {
    openProfile(makeUser({ creditos: 3 }), {
      'GET /profile/credits': answer(profileContract.credits, {
        creditos: 3,
        lancamentos: [
          { ...entry(1, 3, 3, 'transferencia_do_revendedor', 'usuario:30'), referencia_nome: 'Revenda Sul' },
        ],
        total: 1,
        totalPages: 1,
        page: 1,
      }),
    });
    const row = within(await screen.findByRole('list', { name: 'Movimentações de créditos' })).getByRole(
      'listitem',
    );
    expect(row).toHaveTextContent('Revenda Sul');
    expect(row).not.toHaveTextContent('Usuário #30');
  });

  it('pages through a long statement', async () => {
    const { api, user } = openProfile(makeUser({ creditos: 3 }), {
      'GET /profile/credits': [
        answer(profileContract.credits, {
          creditos: 3,
          lancamentos: [entry(12, -1, 3, 'consulta', 'consulta:12')],
          total: 12,
          totalPages: 2,
          page: 1,
        }),
        answer(profileContract.credits, {
          creditos: 3,
          lancamentos: [entry(1, 5, 5, 'credito_admin', 'admin:1')],
          total: 12,
          totalPages: 2,
          page: 2,
        }),
      ],
    });

    expect(await screen.findByText(/Página 1 de 2 • Total: 12/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Próxima/ }));

    expect(await screen.findByText('Crédito adicionado pela administração')).toBeInTheDocument();
    expect(screen.getByText(/Página 2 de 2/)).toBeInTheDocument();
    expect(api.calls('GET /profile/credits')).toHaveLength(2);
  });

  it('says when there is nothing yet', async () => {
    openProfile(makeUser());
    expect(await screen.findByText('Nenhuma movimentação de créditos')).toBeInTheDocument();
  });

  it('reads the statement again when the balance moves, so it always explains the header', async () => {
    const before = makeUser({ creditos: 10 });
    const { api } = openProfile(before, {
      'GET /profile': answer(sessionContract.me, { user: { ...before, creditos: 60 } }),
      'GET /profile/credits': [
        answer(profileContract.credits, {
          creditos: 10,
          lancamentos: [entry(1, 10, 10, 'credito_admin', 'admin:1')],
          total: 1,
          totalPages: 1,
          page: 1,
        }),
        answer(profileContract.credits, {
          creditos: 60,
          lancamentos: [
            entry(2, 50, 60, 'recarga_pix', 'pix:8'),
            entry(1, 10, 10, 'credito_admin', 'admin:1'),
          ],
          total: 2,
          totalPages: 1,
          page: 1,
        }),
      ],
    });

    expect(await screen.findByText('Recarga via PIX')).toBeInTheDocument();
    expect(screen.getByText('Saldo atual').nextElementSibling).toHaveTextContent(/R\$\s60,00/);
    expect(api.calls('GET /profile/credits')).toHaveLength(2);
  });

  it('says when the statement could not load', async () => {
    openProfile(makeUser(), {
      'GET /profile/credits': json(500, { error: 'falhou', code: 'INTERNAL' }),
    });
    expect(await screen.findByText(/Não foi possível carregar o extrato/)).toBeInTheDocument();
  });
});
