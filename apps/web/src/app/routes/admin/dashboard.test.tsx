import { type AdminStats, adminContract } from '@painel/shared/contracts/admin';
import { type LookupListItem, lookupContract } from '@painel/shared/contracts/lookups';
import { userContract } from '@painel/shared/contracts/users';
import type { Role } from '@painel/shared/schemas/user';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminDashboardPage } from '@/app/routes/admin/dashboard';
import { Toaster } from '@/components/ui/sonner';
import { ADMIN_POLL_MS } from '@/features/admin-dashboard/api/get-admin-stats';
import { signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { creditAnalysis } from '@/test/purpose-fixtures';
import { createTestQueryClient } from '@/test/render';

const STATS: AdminStats = {
  totalUsers: 1234,
  activeUsers: 56,
  totalConsultations: 7890,
  consultationsToday: 12,
  totalModules: 9,
  activeModules: 7,
  uptimeSeconds: 2 * 86_400 + 3 * 3_600 + 15,
  sistema: { banco: 'ok', redis: 'erro', provedores: { ok: 6, instavel: 1, fora: 2 } },
};

const lookup = (id: number, nome: string, usuarioId = 40 + id): LookupListItem => ({
  id,
  status: id % 2 === 0 ? 'falha' : 'sucesso',
  usuario_id: usuarioId,
  trial: false,
  User: { nome, email: `${nome.toLowerCase()}@exemplo.com` },
  Modulo: { id: 1, nome: 'CPF Completo', descricao: 'Dados a partir do CPF' },
  input: { cpf: '12345678909' },
  tipos_entrada: { cpf: 'cpf' },
  finalidade: creditAnalysis,
  erro: null,
  data: '2026-03-10T15:30:05.000Z',
  createdAt: '2026-03-10T15:30:05.000Z',
  resultado_expira_em: null,
  chave_api: null,
  lote_id: null,
});

const page = (...consultas: LookupListItem[]) =>
  answer(lookupContract.recent, {
    consultas,
    total: consultas.length,
    page: 1,
    totalPages: 1,
    retencao_dias: 30,
  });

/** A text/event-stream the test writes to, like the server's /admin/events. */
function eventStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(encoder.encode(': conectado\n\n'));
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (event: string, data: unknown) =>
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    fail: () => controller.error(new TypeError('network error')),
  };
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

function renderDashboard(routes: Parameters<typeof mockApi>[0], role: Role = 'admin') {
  signIn('tok-1', makeUser({ id: 1, tipo: role }));
  const api = mockApi(routes);
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={['/admin']}>
        <Routes>
          <Route path="/admin" element={<AdminDashboardPage />} />
          <Route path="/admin/usuarios" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { api, user };
}

const RECENT = 'GET /consultas/admin/all';

afterEach(() => {
  vi.useRealTimers();
});

describe('admin dashboard', () => {
  it('shows the six cards with real figures, uptime in words, and the system status', async () => {
    const stream = eventStream();
    renderDashboard({
      'GET /admin/stats': answer(adminContract.stats, STATS),
      [RECENT]: page(lookup(1, 'Ana')),
      'GET /admin/events': stream.response,
    });

    const card = (name: string) => screen.findByRole('region', { name });
    expect(await card('Total de Usuários')).toHaveTextContent('1.234');
    expect(await card('Total de Consultas')).toHaveTextContent('7.890');
    expect(await card('Usuários Ativos')).toHaveTextContent('56');
    expect(await card('Módulos')).toHaveTextContent('9');
    expect(await card('Módulos')).toHaveTextContent('7 ativos');
    expect(await card('Consultas Hoje')).toHaveTextContent('12');
    expect(await card('Servidor Online')).toHaveTextContent('2 dias e 3 horas');
    expect(screen.queryByText('Exemplo')).not.toBeInTheDocument();

    const status = screen.getByRole('region', { name: 'Status do Sistema' });
    expect(status).toHaveTextContent('Banco de dadosOperacional');
    expect(status).toHaveTextContent('RedisCom falha');
    expect(status).toHaveTextContent('6 ok');
    expect(status).toHaveTextContent('1 instável');
    expect(status).toHaveTextContent('2 fora do ar');
    await waitFor(() => expect(screen.getByTestId('live-status')).toHaveAttribute('data-status', 'live'));
  });

  it('hides Redis when it is not configured', async () => {
    renderDashboard({
      'GET /admin/stats': answer(adminContract.stats, {
        ...STATS,
        sistema: { ...STATS.sistema, redis: 'desativado' },
      }),
      [RECENT]: page(),
      'GET /admin/events': eventStream().response,
    });
    const status = await screen.findByRole('region', { name: 'Status do Sistema' });
    await waitFor(() => expect(status).toHaveTextContent('Operacional'));
    expect(status).not.toHaveTextContent('Redis');
    expect(await screen.findByText('Nenhuma consulta recente encontrada')).toBeInTheDocument();
  });

  it('says the stats failed and shows sample figures marked as such', async () => {
    renderDashboard({
      'GET /admin/stats': json(500, { error: 'Erro interno do servidor.', code: 'INTERNAL' }),
      [RECENT]: page(),
      'GET /admin/events': eventStream().response,
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar as estatísticas do servidor.');
    expect(alert).toHaveTextContent('Os números abaixo são de exemplo');
    expect(screen.getByRole('region', { name: 'Total de Usuários' })).toHaveTextContent('1.250');
    expect(screen.getAllByText('Exemplo')).toHaveLength(6);
    expect(screen.getByRole('region', { name: 'Status do Sistema' })).toHaveTextContent('Desconhecido');
  });

  it('lists the recent lookups with their purpose; Ver Usuário goes to the users screen with highlight', async () => {
    const { user, api } = renderDashboard({
      'GET /admin/stats': answer(adminContract.stats, STATS),
      // Carla's lookup was run before purposes, through an API key.
      [RECENT]: page(lookup(3, 'Bruno'), {
        ...lookup(2, 'Carla'),
        finalidade: null,
        chave_api: 'pk_Ab12Cd34e',
      }),
      'GET /admin/events': eventStream().response,
    });

    const rows = within(await screen.findByRole('list', { name: 'Consultas recentes' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Bruno');
    expect(rows[0]).toHaveTextContent('bruno@exemplo.com');
    expect(rows[0]).toHaveTextContent('CPF Completo');
    expect(rows[0]).toHaveTextContent('123.456.789-09');
    expect(rows[0]).toHaveTextContent('Sucesso');
    expect(rows[0]).toHaveTextContent(/10\/03\/2026/);
    expect(rows[0]).toHaveTextContent('Finalidade: Análise de crédito · Proteção do crédito (art. 7º, X)');
    expect(rows[1]).toHaveTextContent('Falha');
    expect(rows[0]).not.toHaveTextContent('Pela API');
    expect(rows[1]).not.toHaveTextContent('Finalidade');
    expect(rows[1]).toHaveTextContent('Pela API, chave pk_Ab12Cd34e…');
    expect(rows[1]).not.toHaveTextContent('null');
    expect(api.calls(RECENT)[0]?.path).toBe('/consultas/admin/all');

    await user.click(within(rows[1]!).getByRole('link', { name: 'Ver Usuário Carla' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/usuarios?highlight=42');
  });

  it('searches every lookup in reach for a plate, and says when none matches', async () => {
    const plate: LookupListItem = {
      ...lookup(5, 'Diana'),
      Modulo: { id: 3, nome: 'Veículo', descricao: 'Dados do veículo' },
      input: { placa: 'ABC1D23' },
      tipos_entrada: { placa: 'placa' },
      finalidade: { id: 2, nome: 'Prevenção a fraudes', base_legal: 'IX' },
    };
    const { user, api } = renderDashboard({
      'GET /admin/stats': answer(adminContract.stats, STATS),
      [RECENT]: (request) => {
        const busca = request.query.get('busca');
        return busca === null ? page(lookup(1, 'Ana')) : busca === 'abc-1d23' ? page(plate) : page();
      },
      'GET /admin/events': eventStream().response,
    });
    expect(await screen.findByText('Ana')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Buscar consultas' }), 'abc-1d23');
    expect(await screen.findByText('Diana')).toBeInTheDocument();
    expect(screen.queryByText('Ana')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Consultas recentes' })).toHaveTextContent('Placa: ABC1D23');
    expect(screen.getByRole('list', { name: 'Consultas recentes' })).toHaveTextContent(
      'Finalidade: Prevenção a fraudes · Interesse legítimo (art. 7º, IX)',
    );
    expect(api.calls(RECENT).map((request) => request.query.get('busca'))).toEqual([null, 'abc-1d23']);

    await user.type(screen.getByRole('searchbox', { name: 'Buscar consultas' }), 'x');
    expect(await screen.findByText('Nenhuma consulta encontrada para “abc-1d23x”')).toBeInTheDocument();
  });

  it('bans with a required reason, after confirmation', async () => {
    const { user, api } = renderDashboard({
      'GET /admin/stats': answer(adminContract.stats, STATS),
      [RECENT]: page(lookup(3, 'Bruno'), lookup(1, 'Eu Mesmo', 1)),
      'GET /admin/events': eventStream().response,
      'POST /users/43/ban': answer(userContract.ban, {
        user: makeUser({ id: 43, banido: true, motivo_banimento: 'Fraude' }),
        message: 'Usuário banido',
      }),
    });

    // Nobody bans themselves (the server refuses it too).
    expect(await screen.findByRole('button', { name: 'Banir Eu Mesmo' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Banir Bruno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Banir Bruno' });
    expect(dialog).toHaveTextContent('Tem certeza que deseja banir este usuário?');
    expect(dialog).toHaveTextContent('bruno@exemplo.com');

    await user.click(within(dialog).getByRole('button', { name: 'Banir' }));
    expect(await within(dialog).findByText('Motivo do banimento é obrigatório')).toBeInTheDocument();
    expect(api.calls('POST /users/43/ban')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Motivo do banimento'), 'Fraude');
    await user.click(within(dialog).getByRole('button', { name: 'Banir' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /users/43/ban')[0]?.body).toEqual({ motivo: 'Fraude' });
    expect(await screen.findByText('Usuário banido')).toBeInTheDocument();
  });

  it("shows the server's reason when the ban is refused", async () => {
    const { user } = renderDashboard({
      'GET /admin/stats': answer(adminContract.stats, STATS),
      [RECENT]: page(lookup(3, 'Bruno')),
      'GET /admin/events': eventStream().response,
      'POST /users/43/ban': json(404, { error: 'Usuário não encontrado', code: 'NOT_FOUND' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Banir Bruno' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Motivo do banimento'), 'Fraude');
    await user.click(within(dialog).getByRole('button', { name: 'Banir' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Erro ao banir usuário: Usuário não encontrado',
    );
  });
});

describe('admin dashboard live updates', () => {
  it('refetches the list (and stats) shortly after a consulta event, and does not poll while live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const stream = eventStream();
    const { api } = renderDashboard({
      'GET /admin/stats': answer(adminContract.stats, STATS),
      [RECENT]: [page(lookup(1, 'Ana')), page(lookup(2, 'Nova'), lookup(1, 'Ana'))],
      'GET /admin/events': stream.response,
    });
    expect(await screen.findByText('Ana')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('live-status')).toHaveAttribute('data-status', 'live'));
    expect(api.calls(RECENT)).toHaveLength(1);
    const statsCalls = api.calls('GET /admin/stats').length;

    // A burst of events is one refetch.
    act(() => {
      stream.send('consulta', { id: 2, userId: 42, moduleId: 1, status: 'sucesso' });
      stream.send('consulta', { id: 3, userId: 43, moduleId: 1, status: 'sucesso' });
    });
    expect(await screen.findByText('Nova')).toBeInTheDocument();
    expect(api.calls(RECENT)).toHaveLength(2);
    expect(api.calls('GET /admin/stats').length).toBe(statsCalls + 1);

    // While the stream is up the list is not polled.
    await act(() => vi.advanceTimersByTimeAsync(ADMIN_POLL_MS * 2));
    expect(api.calls(RECENT)).toHaveLength(2);
  });

  it('falls back to the 30 s poll while the stream is down, and reconnects with backoff', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = eventStream();
    const { api } = renderDashboard({
      'GET /admin/stats': answer(adminContract.stats, STATS),
      [RECENT]: page(lookup(1, 'Ana')),
      'GET /admin/events': [
        first.response,
        json(503, { error: 'Indisponível', code: 'UNAVAILABLE' }),
        json(503, { error: 'Indisponível', code: 'UNAVAILABLE' }),
        json(503, { error: 'Indisponível', code: 'UNAVAILABLE' }),
        json(503, { error: 'Indisponível', code: 'UNAVAILABLE' }),
        json(503, { error: 'Indisponível', code: 'UNAVAILABLE' }),
        json(503, { error: 'Indisponível', code: 'UNAVAILABLE' }),
        json(503, { error: 'Indisponível', code: 'UNAVAILABLE' }),
      ],
    });
    expect(await screen.findByText('Ana')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('live-status')).toHaveAttribute('data-status', 'live'));

    act(() => first.fail());
    await waitFor(() => expect(screen.getByTestId('live-status')).toHaveAttribute('data-status', 'down'));
    expect(screen.getByText('Atualiza a cada 30 segundos')).toBeInTheDocument();
    const listCalls = api.calls(RECENT).length;

    // Backoff: 1 s, 2 s, 5 s, 10 s, 30 s… between attempts, not a tight loop.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(api.calls('GET /admin/events')).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(api.calls('GET /admin/events')).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(api.calls('GET /admin/events')).toHaveLength(3);

    // Meanwhile the list is polled every 30 s.
    await act(() => vi.advanceTimersByTimeAsync(ADMIN_POLL_MS));
    await waitFor(() => expect(api.calls(RECENT).length).toBeGreaterThan(listCalls));
    expect(api.calls('GET /admin/events').length).toBeLessThanOrEqual(6);
  });

  it('gives up on a refused stream (4xx) and keeps polling', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = renderDashboard(
      {
        'GET /admin/stats': answer(adminContract.stats, STATS),
        [RECENT]: page(lookup(1, 'Ana')),
        'GET /admin/events': json(403, { error: 'Você não tem permissão para esta ação', code: 'FORBIDDEN' }),
      },
      'revendedor',
    );
    expect(await screen.findByText('Ana')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('live-status')).toHaveAttribute('data-status', 'down'));
    await act(() => vi.advanceTimersByTimeAsync(ADMIN_POLL_MS + 1_000));
    expect(api.calls('GET /admin/events')).toHaveLength(1);
    expect(api.calls(RECENT).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole('region', { name: 'Total de Usuários' })).toHaveTextContent('Seus clientes');
  });

  it('closes the stream when the tab hides and reopens it when it shows again', async () => {
    const streams = [eventStream(), eventStream()];
    const { api } = renderDashboard({
      'GET /admin/stats': answer(adminContract.stats, STATS),
      [RECENT]: page(lookup(1, 'Ana')),
      'GET /admin/events': streams.map((stream) => stream.response),
    });
    await waitFor(() => expect(screen.getByTestId('live-status')).toHaveAttribute('data-status', 'live'));

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(screen.getByTestId('live-status')).toHaveAttribute('data-status', 'down'));
    expect(api.calls('GET /admin/events')).toHaveLength(1);

    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(screen.getByTestId('live-status')).toHaveAttribute('data-status', 'live'));
    expect(api.calls('GET /admin/events')).toHaveLength(2);
    visibility.mockRestore();
  });
});
