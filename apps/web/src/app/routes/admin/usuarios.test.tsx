import { planContract } from '@painel/shared/contracts/plans';
import { userContract } from '@painel/shared/contracts/users';
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { listQueries, renderUsersPage, usersPage } from '@/app/routes/admin/usuarios.test-support';
import { USERS_POLL_MS } from '@/features/users-admin/api/get-users';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';

afterEach(() => {
  toast.dismiss();
});

const ana = makeUser({ id: 11, nome: 'Ana Lima', email: 'ana@exemplo.com', creditos: 25, tipo: 'usuario' });
const bruno = makeUser({
  id: 12,
  nome: 'Bruno Reis',
  email: 'bruno@exemplo.com',
  tipo: 'revendedor',
  ativo: true,
  banido: true,
  motivo_banimento: 'Fraude',
});
const carla = makeUser({
  id: 13,
  nome: 'Carla Dias',
  email: 'carla@exemplo.com',
  ativo: false,
  banido: false,
});
const dora = makeUser({ id: 14, nome: 'Dora Luz', email: 'dora@exemplo.com', ativo: false, banido: true });

const rowOf = (name: string) => screen.getByRole('row', { name });
const statusOf = (name: string) => rowOf(name).querySelector('[data-status]')?.getAttribute('data-status');

describe('user list', () => {
  it('shows every column and the status in the order Banido, Ativo, Inativo', async () => {
    mockApi({
      'GET /users': usersPage([
        ana,
        bruno,
        carla,
        dora,
        makeUser({ id: 15, nome: 'Eva Sol', data_expiracao: '2030-05-10T15:30:00.000Z' }),
      ]),
    });
    renderUsersPage();

    const row = await screen.findByRole('row', { name: 'Ana Lima' });
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Nome',
      'Email',
      'Tipo',
      'Status',
      'Créditos',
      'Criado em',
      'Expira em',
      'Ações',
    ]);
    expect(row).toHaveTextContent('#11');
    expect(within(row).getByText('ana@exemplo.com')).toBeInTheDocument();
    expect(within(row).getByText('Usuário')).toBeInTheDocument();
    expect(within(row).getByTestId('user-credits')).toHaveTextContent('25,00');
    expect(within(row).getByText('01/01/2026')).toBeInTheDocument();
    expect(within(row).getByText('Sem expiração')).toBeInTheDocument();
    expect(within(rowOf('Eva Sol')).getByText('10/05/2030')).toBeInTheDocument();
    expect(within(rowOf('Bruno Reis')).getByText('Revendedor')).toBeInTheDocument();

    expect(statusOf('Ana Lima')).toBe('Ativo');
    // Banned wins over active and over inactive; inactive only when not banned.
    expect(statusOf('Bruno Reis')).toBe('Banido');
    expect(within(rowOf('Bruno Reis')).getByText('Fraude')).toBeInTheDocument();
    expect(statusOf('Carla Dias')).toBe('Inativo');
    expect(statusOf('Dora Luz')).toBe('Banido');
  });

  it('says so when nobody matches, and shows the load failure with a retry', async () => {
    mockApi({
      'GET /users': [json(500, { error: 'Falhou', code: 'INTERNAL_ERROR' }), usersPage([])],
    });
    const { user } = renderUsersPage();
    expect(await screen.findByText('Não foi possível carregar os usuários.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(await screen.findByText('Nenhum usuário encontrado')).toBeInTheDocument();
    expect(screen.getByText('Página 1 de 1 • Total: 0')).toBeInTheDocument();
  });

  it('searches 400 ms after the last keystroke, once, and starts again at page 1', async () => {
    mockApi({ 'GET /users': usersPage([ana], { total: 60, totalPages: 3 }) });
    const { user } = renderUsersPage({ fakeTimers: true });
    await screen.findByRole('row', { name: 'Ana Lima' });
    await user.click(screen.getByRole('button', { name: 'Próxima ›' }));
    await waitFor(() => expect(listQueries().at(-1)?.get('page')).toBe('2'));
    const before = listQueries().length;

    await user.type(screen.getByPlaceholderText('Buscar por nome ou email...'), 'ana');
    // (The fake clock also follows real time a little, so the check before 400 ms keeps a margin.)
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(listQueries()).toHaveLength(before);

    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(listQueries()).toHaveLength(before + 1));
    const sent = listQueries().at(-1);
    expect(sent?.get('q')).toBe('ana');
    expect(sent?.get('page')).toBe('1');
  });

  it('pages with every control and changes the page size', async () => {
    mockApi({ 'GET /users': usersPage([ana], { total: 45, totalPages: 3 }) });
    const { user } = renderUsersPage();
    await screen.findByRole('row', { name: 'Ana Lima' });
    expect(listQueries()[0]?.get('limit')).toBe('20');
    expect(screen.getByLabelText('Por página')).toHaveValue('20');
    expect(screen.getByText('Página 1 de 3 • Total: 45')).toBeInTheDocument();

    const first = screen.getByRole('button', { name: '« Primeiro' });
    const previous = screen.getByRole('button', { name: '‹ Anterior' });
    const next = screen.getByRole('button', { name: 'Próxima ›' });
    const last = screen.getByRole('button', { name: 'Última »' });
    expect(first).toBeDisabled();
    expect(previous).toBeDisabled();

    await user.click(next);
    await screen.findByText('Página 2 de 3 • Total: 45');
    expect(listQueries().at(-1)?.get('page')).toBe('2');

    await user.click(last);
    await screen.findByText('Página 3 de 3 • Total: 45');
    expect(listQueries().at(-1)?.get('page')).toBe('3');
    await waitFor(() => expect(next).toBeDisabled());
    expect(last).toBeDisabled();

    await user.click(previous);
    await screen.findByText('Página 2 de 3 • Total: 45');
    await user.click(first);
    await screen.findByText('Página 1 de 3 • Total: 45');
    expect(listQueries().at(-1)?.get('page')).toBe('1');

    await user.click(next);
    await screen.findByText('Página 2 de 3 • Total: 45');
    await user.selectOptions(screen.getByLabelText('Por página'), '50');
    await waitFor(() => expect(listQueries().at(-1)?.get('limit')).toBe('50'));
    expect(listQueries().at(-1)?.get('page')).toBe('1');
    expect([...screen.getByLabelText('Por página').querySelectorAll('option')].map((o) => o.value)).toEqual([
      '10',
      '20',
      '50',
      '100',
    ]);
  });

  it('refreshes every 30 s, but not while a dialog is open', async () => {
    mockApi({
      'GET /users': usersPage([ana]),
      'GET /users/11/credits': answer(userContract.creditStatement, {
        creditos: 25,
        lancamentos: [],
        total: 0,
        totalPages: 1,
        page: 1,
      }),
    });
    const { user } = renderUsersPage({ fakeTimers: true });
    await screen.findByRole('row', { name: 'Ana Lima' });
    expect(listQueries()).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(USERS_POLL_MS));
    await waitFor(() => expect(listQueries()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Editar Ana Lima' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Ana Lima' });
    await act(() => vi.advanceTimersByTimeAsync(USERS_POLL_MS * 3));
    expect(listQueries()).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await act(() => vi.advanceTimersByTimeAsync(USERS_POLL_MS));
    await waitFor(() => expect(listQueries()).toHaveLength(3));
  });

  it('does not refresh while the Novo Usuário form is open', async () => {
    mockApi({ 'GET /users': usersPage([ana]) });
    const { user } = renderUsersPage({ fakeTimers: true });
    await screen.findByRole('row', { name: 'Ana Lima' });
    await user.click(screen.getByRole('button', { name: 'Novo Usuário' }));
    await screen.findByRole('dialog', { name: 'Novo Usuário' });
    await act(() => vi.advanceTimersByTimeAsync(USERS_POLL_MS * 2));
    expect(listQueries()).toHaveLength(1);
  });
});

describe('highlight', () => {
  it('marks the row of ?highlight= when it is on the page', async () => {
    mockApi({ 'GET /users': usersPage([ana, bruno, carla]) });
    renderUsersPage({ path: '/admin/usuarios?highlight=12' });

    const row = await screen.findByRole('row', { name: 'Bruno Reis' });
    expect(row.tagName).toBe('TR');
    expect(row).toHaveAttribute('data-highlighted', 'true');
    expect(row.className).toMatch(/outline-primary/);
    expect(document.querySelectorAll('[data-highlighted="true"]')).toHaveLength(1);
    expect(rowOf('Ana Lima')).not.toHaveAttribute('data-highlighted');
  });

  it('finds the user by its email when it is not on the page shown', async () => {
    const far = makeUser({ id: 99, nome: 'Longe Daqui', email: 'longe@exemplo.com' });
    const api = mockApi({
      'GET /users': [usersPage([ana, bruno], { total: 80, totalPages: 4 }), usersPage([far])],
      'GET /users/99': answer(userContract.get, { user: far }),
    });
    renderUsersPage({ path: '/admin/usuarios?highlight=99' });

    const row = await screen.findByRole('row', { name: 'Longe Daqui' });
    expect(row).toHaveAttribute('data-highlighted', 'true');
    expect(api.calls('GET /users/99')).toHaveLength(1);
    expect(listQueries().at(-1)?.get('q')).toBe('longe@exemplo.com');
    expect(screen.getByPlaceholderText('Buscar por nome ou email...')).toHaveValue('longe@exemplo.com');
  });

  it('says when the highlighted user does not exist (or is not the caller’s)', async () => {
    mockApi({
      'GET /users': usersPage([ana]),
      'GET /users/404': json(404, { error: 'Usuário não encontrado', code: 'NOT_FOUND' }),
    });
    renderUsersPage({ path: '/admin/usuarios?highlight=404' });
    expect(await screen.findByText('Usuário #404 não encontrado')).toBeInTheDocument();
    expect(document.querySelector('[data-highlighted="true"]')).toBeNull();
  });
});

describe('actions', () => {
  it('adds credits with a whole number above 0 and shows the new balance', async () => {
    const api = mockApi({
      'GET /users': [usersPage([ana]), usersPage([{ ...ana, creditos: 35 }])],
      'POST /users/11/credits/add': answer(userContract.addCredits, {
        user: { ...ana, creditos: 35 },
        message: 'Créditos adicionados',
      }),
    });
    const { user } = renderUsersPage();
    await screen.findByRole('row', { name: 'Ana Lima' });
    await user.click(screen.getByRole('button', { name: 'Ações de Ana Lima' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Adicionar créditos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar créditos' });

    await user.type(within(dialog).getByLabelText('Créditos'), '1.5');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(await within(dialog).findByText('Por favor, insira um valor válido')).toBeInTheDocument();
    expect(api.calls('POST /users/11/credits/add')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Créditos'));
    await user.type(within(dialog).getByLabelText('Créditos'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /users/11/credits/add')[0]?.body).toEqual({ amount: 10 });
    expect(await screen.findByText('Créditos adicionados')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(rowOf('Ana Lima')).getByTestId('user-credits')).toHaveTextContent('35,00'),
    );
  });

  it("shows the server's refusal inside the dialog", async () => {
    mockApi({
      'GET /users': usersPage([ana]),
      'POST /users/11/days/remove': json(400, { error: 'Saldo insuficiente', code: 'INSUFFICIENT_BALANCE' }),
    });
    const { user } = renderUsersPage({ role: 'revendedor' });
    await screen.findByRole('row', { name: 'Ana Lima' });
    await user.click(screen.getByRole('button', { name: 'Ações de Ana Lima' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remover dias' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover dias' });
    await user.type(within(dialog).getByLabelText('Dias'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Erro ao executar operação: Saldo insuficiente',
    );
  });

  it('a reseller taking credits back offline is told at once that nothing was charged; nothing is sent', async () => {
    const api = mockApi({ 'GET /users': usersPage([ana]) });
    const { user } = renderUsersPage({ role: 'revendedor' });
    await screen.findByRole('row', { name: 'Ana Lima' });
    await user.click(screen.getByRole('button', { name: 'Ações de Ana Lima' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remover créditos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover créditos' });
    expect(
      within(dialog).getByText(
        'Só os créditos que você transferiu a este cliente podem ser retirados; eles voltam para o seu saldo.',
      ),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Créditos'), '3');
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onTestFinished(() => onLine.mockRestore());

    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Erro ao executar operação: Sem conexão com o servidor. Nada foi cobrado.',
    );
    expect(within(dialog).getByRole('button', { name: 'Remover' })).toBeEnabled();
    expect(api.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('bans only with a reason', async () => {
    const api = mockApi({
      'GET /users': usersPage([ana]),
      'POST /users/11/ban': answer(userContract.ban, {
        user: { ...ana, banido: true },
        message: 'Usuário banido',
      }),
    });
    const { user } = renderUsersPage();
    await screen.findByRole('row', { name: 'Ana Lima' });
    await user.click(screen.getByRole('button', { name: 'Ações de Ana Lima' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Banir' }));
    const dialog = await screen.findByRole('dialog', { name: 'Banir Ana Lima' });
    expect(dialog).toHaveTextContent('Tem certeza que deseja banir este usuário?');
    await user.click(within(dialog).getByRole('button', { name: 'Banir' }));
    expect(await within(dialog).findByText('Motivo do banimento é obrigatório')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Motivo do banimento'), 'Fraude');
    await user.click(within(dialog).getByRole('button', { name: 'Banir' }));
    await waitFor(() => expect(api.calls('POST /users/11/ban')[0]?.body).toEqual({ motivo: 'Fraude' }));
  });

  it('asks before deleting, with the name, and offers role and delete to admins only', async () => {
    const api = mockApi({
      'GET /users': usersPage([ana, makeUser({ id: 1, nome: 'Quem Administra', tipo: 'admin' })]),
      'DELETE /users/11': answer(userContract.delete, { message: 'Usuário deletado com sucesso' }),
    });
    const { user } = renderUsersPage();
    await screen.findByRole('row', { name: 'Ana Lima' });

    // Never on oneself.
    await user.click(screen.getByRole('button', { name: 'Ações de Quem Administra' }));
    await screen.findByRole('menuitem', { name: 'Limites de Uso' });
    expect(screen.queryByRole('menuitem', { name: 'Deletar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Alterar role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Banir' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Ações de Ana Lima' }));
    expect(await screen.findByRole('menuitem', { name: 'Alterar role' })).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Deletar' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      'Tem certeza que deseja deletar o usuário Ana Lima? Esta ação não pode ser desfeita.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Deletar' }));
    await waitFor(() => expect(api.calls('DELETE /users/11')).toHaveLength(1));
    expect(await screen.findByText('Usuário deletado com sucesso')).toBeInTheDocument();
  });

  it('gives a reseller no role change, no delete and no tipo choice when creating', async () => {
    mockApi({ 'GET /users': usersPage([ana]) });
    const { user } = renderUsersPage({ role: 'revendedor' });
    await screen.findByRole('row', { name: 'Ana Lima' });
    await user.click(screen.getByRole('button', { name: 'Ações de Ana Lima' }));
    await screen.findByRole('menuitem', { name: 'Adicionar créditos' });
    expect(screen.queryByRole('menuitem', { name: 'Alterar role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Deletar' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Novo Usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Usuário' });
    expect(within(dialog).getByLabelText('Tipo')).toBeDisabled();
    expect(within(dialog).getByText('Saem do seu saldo (40,00).')).toBeInTheDocument();
    expect(screen.getByText(/todos os seus clientes/)).toBeInTheDocument();
  });

  it('creates a user with the defaults (usuario, 0 credits, 30 days)', async () => {
    const created = makeUser({ id: 20, nome: 'Nova Pessoa', email: 'nova@exemplo.com' });
    const api = mockApi({
      'GET /users': usersPage([ana]),
      'POST /users': answer(userContract.create, { user: created, message: 'Usuário criado com sucesso' }),
    });
    const { user } = renderUsersPage();
    await user.click(await screen.findByRole('button', { name: 'Novo Usuário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Usuário' });
    expect(within(dialog).getByLabelText('Tipo')).toHaveValue('usuario');
    expect(within(dialog).getByLabelText('Créditos')).toHaveValue(0);
    expect(within(dialog).getByLabelText('Dias ativos')).toHaveValue(30);

    await user.click(within(dialog).getByRole('button', { name: 'Criar usuário' }));
    expect(await within(dialog).findAllByText('Campo obrigatório')).toHaveLength(3);

    await user.type(within(dialog).getByLabelText('Nome'), 'Nova Pessoa');
    await user.type(within(dialog).getByLabelText('Email'), 'nova@exemplo');
    await user.type(within(dialog).getByLabelText('Senha'), 'abcd');
    await user.click(within(dialog).getByRole('button', { name: 'Criar usuário' }));
    expect(await within(dialog).findByText('Email inválido')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Email'), '.com');
    await user.clear(within(dialog).getByLabelText('Dias ativos'));
    await user.type(within(dialog).getByLabelText('Dias ativos'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Criar usuário' }));
    expect(await within(dialog).findByText('Por favor, insira um valor válido')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Dias ativos'));
    await user.type(within(dialog).getByLabelText('Dias ativos'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Criar usuário' }));

    await waitFor(() =>
      expect(api.calls('POST /users')[0]?.body).toEqual({
        nome: 'Nova Pessoa',
        email: 'nova@exemplo.com',
        senha: 'abcd',
        tipo: 'usuario',
        creditos: 0,
        dias_ativos: 30,
      }),
    );
    expect(await screen.findByText('Usuário criado com sucesso')).toBeInTheDocument();
  });

  it('adds time in bulk after a confirmation, and needs days or hours above 0', async () => {
    const api = mockApi({
      'GET /users': usersPage([ana]),
      'POST /users/bulk/add-time': answer(userContract.bulkAddTime, {
        message: 'Tempo adicionado com sucesso',
        atualizados: 7,
      }),
    });
    const { user } = renderUsersPage();
    await screen.findByRole('row', { name: 'Ana Lima' });
    const card = screen.getByRole('form', { name: 'Adicionar tempo em massa' });
    await user.click(within(card).getByRole('button', { name: 'Adicionar tempo' }));
    expect(await within(card).findByText('Informe dias ou horas maiores que 0')).toBeInTheDocument();

    await user.clear(within(card).getByLabelText('Horas'));
    await user.type(within(card).getByLabelText('Horas'), '12');
    await user.click(within(card).getByRole('button', { name: 'Adicionar tempo' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Adicionar 12 hora(s) ao acesso de todos os usuários e revendedores?');
    await user.click(within(confirm).getByRole('button', { name: 'Adicionar' }));
    await waitFor(() =>
      expect(api.calls('POST /users/bulk/add-time')[0]?.body).toEqual({ days: 0, hours: 12 }),
    );
    expect(await screen.findByText('Tempo adicionado com sucesso')).toBeInTheDocument();
  });

  it('exports the filtered list as CSV with the Authorization header', async () => {
    const csv = new Response('\uFEFFid,nome\r\n11,Ana Lima\r\n', {
      status: 200,
      headers: {
        'Content-Type': 'text/csv',
        'Content-Disposition': 'attachment; filename="usuarios-2026-01-01.csv"',
      },
    });
    const api = mockApi({ 'GET /users': usersPage([ana]), 'GET /users/export.csv': csv });
    const createObjectURL = vi.fn(() => 'blob:usuarios');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderUsersPage();
    await screen.findByRole('row', { name: 'Ana Lima' });

    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const [request] = api.calls('GET /users/export.csv');
    expect(request?.headers.get('Authorization')).toBe('Bearer token-1');
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('usuarios-2026-01-01.csv');
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    click.mockRestore();
  });

  it('activates a plan chosen from the active plans (up to 100)', async () => {
    const plan = {
      id: 4,
      name: 'Mensal',
      description: 'Acesso completo',
      price_cents: 4990,
      duration_value: 1,
      duration_unit: 'months' as const,
      active: true,
      allowed_concurrent_ips: 1,
      metadata: { benefits: [] },
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    const api = mockApi({
      'GET /users': usersPage([ana]),
      'GET /plans/active': answer(planContract.active, { plans: [plan] }),
      'POST /users/11/subscription': json(404, { error: 'Plano não encontrado', code: 'NOT_FOUND' }),
    });
    const { user } = renderUsersPage();
    await user.click(await screen.findByRole('button', { name: 'Ações de Ana Lima' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ativar plano' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ativar plano' });
    await user.click(await within(dialog).findByRole('radio', { name: /Mensal/ }));
    expect(within(dialog).getByText(/1 mês/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ativar plano' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Erro ao ativar plano: Plano não encontrado',
    );
    expect(api.calls('POST /users/11/subscription')[0]?.body).toEqual({ plan_id: 4 });
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo][] } };
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/plans/active?limit=100'))).toBe(true);
  });

  it('changes the role with the admin-only action', async () => {
    const api = mockApi({
      'GET /users': usersPage([ana]),
      'PUT /users/11/role': answer(userContract.changeRole, {
        user: { ...ana, tipo: 'revendedor' },
        message: 'Role alterado',
      }),
    });
    const { user } = renderUsersPage();
    await user.click(await screen.findByRole('button', { name: 'Ações de Ana Lima' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Alterar role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Alterar role' });
    expect(within(dialog).getByLabelText('Role')).toHaveValue('usuario');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'revendedor');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.calls('PUT /users/11/role')[0]?.body).toEqual({ tipo: 'revendedor' }));
    expect(await screen.findByText('Role alterado')).toBeInTheDocument();
  });
});
