import { type LogEntry, type LogType, logContract } from '@painel/shared/contracts/logs';
import type { Role } from '@painel/shared/schemas/user';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { LogsPage } from '@/app/routes/admin/logs';
import { Toaster } from '@/components/ui/sonner';
import { LOGS_POLL_MS } from '@/features/logs/api/get-logs';
import { signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';

const entry = (
  id: number,
  tipo: LogType,
  acao: string,
  detalhes: Record<string, unknown> = {},
): LogEntry => ({
  id,
  data: '2026-03-10T15:30:05.000Z',
  createdAt: '2026-03-10T15:30:05.000Z',
  User: { nome: 'Admin Teste', email: 'admin@exemplo.com' },
  usuario_id: 1,
  tipo,
  acao,
  detalhes,
});

const logsPage = (logs: LogEntry[], { total = logs.length, page = 1, totalPages = 1 } = {}) =>
  answer(logContract.list, { data: { logs, total, page, totalPages } });

function urls(prefix: string): string[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => String(input).replace(/^\/api/, ''))
    .filter((url) => url.startsWith(prefix));
}

function renderLogs(routes: Parameters<typeof mockApi>[0], role: Role = 'admin') {
  signIn('tok-1', makeUser({ id: 1, tipo: role }));
  const api = mockApi(routes);
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={['/admin/logs']}>
        <LogsPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { api, user };
}

describe('logs screen', () => {
  it('lists date/time, user, type and action, with the details as collapsible JSON', async () => {
    const { user } = renderLogs({
      'GET /logs': logsPage([
        entry(2, 'admin_action', 'usuario_banido', { alvo: 43, depois: { banido: true, motivo: 'Fraude' } }),
        entry(1, 'login', 'login'),
      ]),
    });

    const rows = within(await screen.findByRole('list', { name: 'Logs' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/10\/03\/2026/);
    expect(rows[0]).toHaveTextContent('Admin Teste');
    expect(rows[0]).toHaveTextContent('admin@exemplo.com');
    // The type once and the action in words: no stored codes on screen.
    expect(rows[0]).toHaveTextContent('Ação de admin');
    expect(rows[0]).toHaveTextContent('Usuário banido');
    expect(rows[0]).not.toHaveTextContent('usuario_banido');
    expect(rows[0]).not.toHaveTextContent('admin_action');
    expect(rows[1]).toHaveTextContent('Entrou no painel');
    expect(rows[1]).toHaveTextContent('Sem detalhes');
    expect(screen.queryByTestId('log-details')).not.toBeInTheDocument();

    const toggle = within(rows[0]!).getByRole('button', { name: 'Ver detalhes' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('log-details').textContent).toBe(
      JSON.stringify({ alvo: 43, depois: { banido: true, motivo: 'Fraude' } }, null, 2),
    );
    await user.click(within(rows[0]!).getByRole('button', { name: 'Ocultar detalhes' }));
    expect(screen.queryByTestId('log-details')).not.toBeInTheDocument();
  });

  it('filters by type, back to page 1', async () => {
    const { user } = renderLogs({
      'GET /logs': [
        logsPage([entry(30, 'consulta', 'consulta_sucesso')], { total: 30, totalPages: 3 }),
        logsPage([entry(20, 'consulta', 'consulta_sucesso')], { total: 30, page: 2, totalPages: 3 }),
        logsPage([entry(5, 'login', 'login')]),
      ],
    });
    const type = await screen.findByLabelText('Tipo');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.getAttribute('value')),
    ).toEqual(['', 'admin_action', 'revendedor_action', 'consulta', 'login']);
    await user.click(await screen.findByRole('button', { name: 'Próxima ›' }));
    await screen.findByText('Página 2 de 3 • Total: 30');

    await user.selectOptions(type, 'login');
    await waitFor(() => expect(urls('/logs').at(-1)).toBe('/logs?tipo=login&page=1&limit=10'));
    expect(await screen.findByText('Página 1 de 1 • Total: 1')).toBeInTheDocument();
  });

  it('pages 10/20/50/100 per page through the server', async () => {
    const { user } = renderLogs({
      'GET /logs': [
        logsPage([entry(30, 'login', 'login')], { total: 45, totalPages: 5 }),
        logsPage([entry(20, 'login', 'login')], { total: 45, page: 2, totalPages: 5 }),
        logsPage([entry(10, 'login', 'login')], { total: 45, page: 1, totalPages: 3 }),
      ],
    });
    expect(await screen.findByText('Página 1 de 5 • Total: 45')).toBeInTheDocument();
    expect(urls('/logs')).toEqual(['/logs?page=1&limit=10']);
    const perPage = screen.getByLabelText('Por página');
    expect(
      within(perPage)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10', '20', '50', '100']);

    await user.click(screen.getByRole('button', { name: 'Próxima ›' }));
    await waitFor(() => expect(urls('/logs').at(-1)).toBe('/logs?page=2&limit=10'));
    expect(await screen.findByText('Página 2 de 5 • Total: 45')).toBeInTheDocument();

    await user.selectOptions(perPage, '20');
    await waitFor(() => expect(urls('/logs').at(-1)).toBe('/logs?page=1&limit=20'));
    expect(await screen.findByText('Página 1 de 3 • Total: 45')).toBeInTheDocument();
  });

  it('refreshes every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderLogs({
      'GET /logs': [
        logsPage([entry(1, 'login', 'login')]),
        logsPage([entry(2, 'consulta', 'consulta_falha')]),
      ],
    });
    expect(await screen.findByText('Entrou no painel')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(LOGS_POLL_MS - 1_000));
    expect(urls('/logs')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(await screen.findByText('Consulta com falha')).toBeInTheDocument();
    expect(urls('/logs')).toHaveLength(2);
  });

  it("says 'Nenhum log encontrado' when there is none", async () => {
    renderLogs({ 'GET /logs': logsPage([]) });
    expect(await screen.findByText('Nenhum log encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Paginação' })).not.toBeInTheDocument();
  });

  it('shows why the logs could not be loaded', async () => {
    renderLogs({ 'GET /logs': json(500, { error: 'Erro interno do servidor.', code: 'INTERNAL' }) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar os logs.');
  });

  it('exports the CSV with the type filter', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:logs');
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { user } = renderLogs({
      'GET /logs': logsPage([entry(1, 'consulta', 'consulta_sucesso')]),
      'GET /logs/export.csv': new Response('id;tipo\n1;consulta\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv' },
      }),
    });
    await user.selectOptions(await screen.findByLabelText('Tipo'), 'consulta');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(urls('/logs/export.csv')).toEqual(['/logs/export.csv?tipo=consulta']);
    createObjectURL.mockRestore();
    revokeObjectURL.mockRestore();
  });

  it('says when the export fails', async () => {
    const { user } = renderLogs({
      'GET /logs': logsPage([entry(1, 'consulta', 'consulta_sucesso')]),
      'GET /logs/export.csv': json(403, {
        error: 'Você não tem permissão para esta ação',
        code: 'FORBIDDEN',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Exportar CSV' }));
    expect(await screen.findByText('Erro ao exportar CSV')).toBeInTheDocument();
    expect(screen.getByText('Você não tem permissão para esta ação')).toBeInTheDocument();
  });
});
