import { metricsContract } from '@painel/shared/contracts/metrics';
import { userContract } from '@painel/shared/contracts/users';
import type { MetricsResponse } from '@painel/shared/schemas/metrics';
import type { Role } from '@painel/shared/schemas/user';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MetricsPage } from '@/app/routes/admin/metricas';
import { Toaster } from '@/components/ui/sonner';
import { signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';

function resellerRow(id: number, total: number, days: string[] = []) {
  return {
    revendedor_id: id,
    revendedor: { nome: `Revenda ${String(id).padStart(2, '0')}`, email: `revenda${id}@exemplo.com` },
    total_users: total,
    creation_date: days[0] ?? null,
    recent_days: days.map((date, index) => ({ date, total_users: index + 1 })),
  };
}

function metrics(overrides: Partial<MetricsResponse> = {}): MetricsResponse {
  return {
    startDate: '2026-02-09',
    endDate: '2026-03-10',
    totalMetrics: { total_users: 1520, active_users: 640, total_resellers: 12, new_users: 35, lookups: 410 },
    usersByReseller: [
      resellerRow(1, 300, ['2026-03-10', '2026-03-08', '2026-03-01']),
      {
        revendedor_id: null,
        revendedor: null,
        total_users: 40,
        creation_date: null,
        recent_days: [],
      },
      ...Array.from({ length: 10 }, (_, index) => resellerRow(index + 2, 100 - index)),
    ],
    daily: [
      { date: '2026-03-09', signups: 2, lookups: 20 },
      { date: '2026-03-10', signups: 3, lookups: 25 },
    ],
    ...overrides,
  };
}

/** The success answer of GET /users/metrics, typed by its contract. */
const figures = answer(metricsContract.get, metrics());

const resellers = answer(userContract.list, {
  users: [
    makeUser({ id: 5, nome: 'Revenda Sul', email: 'sul@exemplo.com', tipo: 'revendedor' }),
    makeUser({ id: 6, nome: 'Revenda Norte', email: 'norte@exemplo.com', tipo: 'revendedor' }),
  ],
  total: 2,
  totalPages: 1,
  page: 1,
});

/** The URLs (with query strings) the page asked for, in order. */
function urls(prefix: string): string[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => String(input).replace(/^\/api/, ''))
    .filter((url) => url.startsWith(prefix));
}

function renderMetrics(routes: Parameters<typeof mockApi>[0], role: Role = 'admin') {
  signIn('tok-1', makeUser({ id: 1, tipo: role }));
  const api = mockApi(routes);
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <MetricsPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { api, user };
}

/** Replaces what a date field holds (it shows the applied period until the user changes it). */
async function retype(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

describe('metrics screen', () => {
  it('shows the three cards, the period and the resellers with up to three recent days', async () => {
    renderMetrics({ 'GET /users/metrics': figures, 'GET /users': resellers });

    expect(await screen.findByRole('region', { name: 'Total de Usuários' })).toHaveTextContent('1.520');
    expect(screen.getByRole('region', { name: 'Usuários Ativos' })).toHaveTextContent('640');
    expect(screen.getByRole('region', { name: 'Total Revendedores' })).toHaveTextContent('12');
    expect(screen.getByText('Período: 09/02/2026 a 10/03/2026')).toBeInTheDocument();
    // The date fields show the period that applies, not empty boxes.
    expect(screen.getByLabelText('Data Início')).toHaveValue('2026-02-09');
    expect(screen.getByLabelText('Data Fim')).toHaveValue('2026-03-10');
    expect(screen.getByText(/35 cadastros · 410 consultas/)).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Usuários por Revendedor' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('Revenda 01');
    expect(rows[0]).toHaveTextContent('300');
    const days = within(rows[0]!).getAllByRole('listitem');
    expect(days.map((day) => day.textContent)).toEqual(['10/03: 1', '08/03: 2', '01/03: 3']);
    expect(rows[1]).toHaveTextContent('Sem revendedor');
    expect(urls('/users/metrics')).toEqual(['/users/metrics']);
  });

  it('pages the reseller table locally, 5/10/20/50 per page', async () => {
    const { user } = renderMetrics({ 'GET /users/metrics': figures, 'GET /users': resellers });
    const table = await screen.findByRole('table', { name: 'Usuários por Revendedor' });
    const nav = screen.getByRole('navigation', { name: 'Paginação de revendedores' });
    expect(nav).toHaveTextContent('Página 1 de 2 • Total: 12');
    const perPage = within(nav).getByLabelText('Por página');
    expect(
      within(perPage)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '10', '20', '50']);

    await user.click(within(nav).getByRole('button', { name: 'Próxima ›' }));
    expect(nav).toHaveTextContent('Página 2 de 2');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(2);
    expect(within(nav).getByRole('button', { name: 'Última »' })).toBeDisabled();

    await user.selectOptions(perPage, '5');
    expect(nav).toHaveTextContent('Página 1 de 3 • Total: 12');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(5);
    await user.click(within(nav).getByRole('button', { name: 'Última »' }));
    expect(nav).toHaveTextContent('Página 3 de 3');
    expect(within(table).getAllByRole('row').slice(1)).toHaveLength(2);
    // Paging is local: the API was asked once.
    expect(urls('/users/metrics')).toHaveLength(1);
  });

  it('applies the filters, with the reseller filter for the admin', async () => {
    const { user } = renderMetrics({ 'GET /users/metrics': figures, 'GET /users': resellers });
    await screen.findByRole('region', { name: 'Total de Usuários' });

    const reseller = screen.getByLabelText('Revendedor');
    await waitFor(() => expect(within(reseller).getAllByRole('option')).toHaveLength(3));
    expect(urls('/users?')).toEqual(['/users?tipo=revendedor&limit=100&page=1']);

    await retype(user, screen.getByLabelText('Data Início'), '2026-03-01');
    await retype(user, screen.getByLabelText('Data Fim'), '2026-03-10');
    await user.selectOptions(reseller, '6');
    await user.click(screen.getByRole('button', { name: 'Aplicar Filtros' }));

    await waitFor(() =>
      expect(urls('/users/metrics').at(-1)).toBe(
        '/users/metrics?startDate=2026-03-01&endDate=2026-03-10&revendedorId=6',
      ),
    );
  });

  it('refuses a start date after the end date, without asking the server', async () => {
    const { user } = renderMetrics({ 'GET /users/metrics': figures, 'GET /users': resellers });
    await screen.findByRole('region', { name: 'Total de Usuários' });
    await retype(user, screen.getByLabelText('Data Início'), '2026-03-10');
    await retype(user, screen.getByLabelText('Data Fim'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Aplicar Filtros' }));
    expect(
      await screen.findByText('A data inicial deve ser anterior ou igual à data final'),
    ).toBeInTheDocument();
    expect(urls('/users/metrics')).toHaveLength(1);
  });

  it('has no reseller filter for a reseller, and never lists users', async () => {
    const { user } = renderMetrics({ 'GET /users/metrics': figures }, 'revendedor');
    await screen.findByRole('region', { name: 'Total de Usuários' });
    expect(screen.queryByLabelText('Revendedor')).not.toBeInTheDocument();
    await retype(user, screen.getByLabelText('Data Início'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Aplicar Filtros' }));
    // The end date field already held the period's end: it goes with the new start.
    await waitFor(() =>
      expect(urls('/users/metrics').at(-1)).toBe('/users/metrics?startDate=2026-03-01&endDate=2026-03-10'),
    );
    expect(urls('/users?')).toHaveLength(0);
  });

  it('exports the CSV with the applied filters', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:metricas');
    const revokeObjectURL = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const { user } = renderMetrics({
      'GET /users/metrics': figures,
      'GET /users': resellers,
      'GET /users/metrics/export.csv': new Response('data;cadastros\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="metricas.csv"' },
      }),
    });
    await screen.findByRole('region', { name: 'Total de Usuários' });
    await retype(user, screen.getByLabelText('Data Início'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Aplicar Filtros' }));
    await waitFor(() => expect(urls('/users/metrics?')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Exportar CSV por revendedor' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(urls('/users/metrics/export.csv')).toEqual([
      '/users/metrics/export.csv?startDate=2026-03-01&endDate=2026-03-10&tabela=revendedores',
    ]);
    createObjectURL.mockRestore();
    revokeObjectURL.mockRestore();
  });

  it('says when the metrics cannot be loaded', async () => {
    renderMetrics({
      'GET /users/metrics': json(500, { error: 'Erro interno do servidor.', code: 'INTERNAL' }),
      'GET /users': resellers,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar as métricas.');
    expect(within(alert).getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
  });
});
