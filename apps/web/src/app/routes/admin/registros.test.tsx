import { recordsContract } from '@painel/shared/contracts/records';
import { messages } from '@painel/shared/messages';
import {
  currentMonthPeriod,
  type ProcessingRecords,
  previousMonthPeriod,
} from '@painel/shared/schemas/records';
import type { Role } from '@painel/shared/schemas/user';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { routes as appRoutes } from '@/app/router';
import { Toaster } from '@/components/ui/sonner';
import { downloadRecordsPdf } from '@/features/records/utils/records-pdf';
import { signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';

vi.mock('@/features/records/utils/records-pdf', async (original) => ({
  ...(await original<typeof import('@/features/records/utils/records-pdf')>()),
  downloadRecordsPdf: vi.fn(async () => undefined),
}));

type Routes = Parameters<typeof mockApi>[0];

const march: ProcessingRecords = {
  de: '2026-03-01',
  ate: '2026-03-31',
  gerado_em: '2026-04-02T13:05:00.000Z',
  retencao_dias: 30,
  registros: [
    {
      modulo: 'CPF Completo',
      finalidade_id: 1,
      finalidade: 'Análise de crédito',
      base_legal: 'X',
      consultas: 1234,
      usuarios: 56,
      revendedores: [
        { revendedor_id: 7, nome: 'Loja Alfa', consultas: 1200 },
        { revendedor_id: null, nome: 'Direto', consultas: 34 },
      ],
    },
    {
      modulo: 'CPF Completo',
      finalidade_id: null,
      finalidade: messages.recordsNoPurpose,
      base_legal: null,
      consultas: 3,
      usuarios: 2,
      revendedores: [{ revendedor_id: null, nome: messages.recordsDirect, consultas: 3 }],
    },
  ],
};

const recordOf = (body: ProcessingRecords) => answer(recordsContract.get, body);

beforeEach(() => {
  vi.mocked(downloadRecordsPdf).mockClear();
});
afterEach(() => {
  toast.dismiss();
});

function openRecords(routes: Routes = {}, { role = 'admin', path = '/admin/registros' } = {}) {
  signIn('tok-1', makeUser({ id: 1, tipo: role as Role }));
  const api = mockApi({ 'GET /admin/registros-tratamento': recordOf(march), ...routes });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  const asked = () =>
    api
      .calls('GET /admin/registros-tratamento')
      .map((request) => `${request.query.get('de')}..${request.query.get('ate')}`);
  return { api, user, router, asked };
}

describe('/admin/registros: the record', () => {
  it('asks for the current month and shows each module and purpose in pt-BR, and the menu links here', async () => {
    const { asked } = openRecords();
    const row = await screen.findByRole('row', { name: 'CPF Completo · Análise de crédito' });
    const month = currentMonthPeriod();
    expect(asked()).toEqual([`${month.de}..${month.ate}`]);
    expect(screen.getByRole('heading', { level: 1, name: 'Registros de tratamento' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Módulo',
      'Finalidade',
      'Base legal',
      'Consultas',
      'Usuários',
      'Revendedores',
    ]);
    expect(within(row).getByText('Proteção do crédito (art. 7º, X)')).toBeInTheDocument();
    expect(within(row).getByText('1.234')).toBeInTheDocument();
    expect(within(row).getByText('56')).toBeInTheDocument();
    expect(
      within(row)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Loja Alfa (1.200)', 'Direto (34)']);
    const old = screen.getByRole('row', { name: 'CPF Completo · Sem finalidade' });
    expect(within(old).getByText('–')).toBeInTheDocument();

    expect(screen.getByText('Período: 01/03/2026 a 31/03/2026')).toBeInTheDocument();
    expect(screen.getByText(/1\.237 consultas · Retenção dos resultados: 30 dias/)).toBeInTheDocument();

    const links = screen.getAllByRole('link', { name: 'Registros de tratamento' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/admin/registros');
  });

  it('shows a skeleton while loading, then says when the period had no lookup', async () => {
    openRecords({ 'GET /admin/registros-tratamento': recordOf({ ...march, registros: [] }) });
    expect(
      await screen.findByRole('status', { name: 'Carregando registros de tratamento' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma consulta no período')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Baixar CSV' })).toBeEnabled();
  });

  it('says when the record cannot be read, and reads it again on request', async () => {
    const { user, asked } = openRecords({
      'GET /admin/registros-tratamento': [json(500, { error: 'Erro interno do servidor' }), recordOf(march)],
    });
    const retry = await screen.findByRole('button', { name: 'Tentar de novo' });
    expect(
      screen.getAllByText('Não foi possível carregar os registros de tratamento.').length,
    ).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Baixar PDF' })).toBeDisabled();
    await user.click(retry);
    expect(await screen.findByRole('row', { name: 'CPF Completo · Análise de crédito' })).toBeInTheDocument();
    expect(asked()).toHaveLength(2);
  });

  it('sends a reseller to the admin dashboard, with no link and no record read', async () => {
    const { api, router } = openRecords({}, { role: 'revendedor' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'), { timeout: 3000 });
    expect(screen.queryByRole('link', { name: 'Registros de tratamento' })).not.toBeInTheDocument();
    expect(api.calls('GET /admin/registros-tratamento')).toHaveLength(0);
  });
});

describe('/admin/registros: the period', () => {
  it('reads the period from the address and applies a new one typed in the fields', async () => {
    const { user, router, asked } = openRecords(
      {},
      { path: '/admin/registros?de=2026-03-01&ate=2026-03-31' },
    );
    const start = await screen.findByLabelText('Data inicial');
    expect(start).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('Data final')).toHaveValue('2026-03-31');

    await user.clear(start);
    await user.type(start, '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));

    await waitFor(() => expect(asked()).toEqual(['2026-03-01..2026-03-31', '2026-02-01..2026-03-31']));
    expect(router.state.location.search).toBe('?de=2026-02-01&ate=2026-03-31');
  });

  it('refuses a start after the end and a period over 366 days under the start, and asks nothing', async () => {
    const { user, asked } = openRecords({}, { path: '/admin/registros?de=2026-03-01&ate=2026-03-31' });
    const start = await screen.findByLabelText('Data inicial');
    await user.clear(start);
    await user.type(start, '2026-04-01');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText(messages.periodStartAfterEnd)).toBeInTheDocument();

    await user.clear(start);
    await user.type(start, '2025-03-30');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText(messages.periodTooLong(366))).toBeInTheDocument();
    expect(asked()).toEqual(['2026-03-01..2026-03-31']);
  });

  it('offers the previous month and the current month at a click', async () => {
    const { user, asked } = openRecords({}, { path: '/admin/registros?de=2026-01-01&ate=2026-01-31' });
    await user.click(await screen.findByRole('button', { name: 'Mês anterior' }));
    const previous = previousMonthPeriod();
    await waitFor(() => expect(asked()).toContain(`${previous.de}..${previous.ate}`));
    await user.click(screen.getByRole('button', { name: 'Mês atual' }));
    const current = currentMonthPeriod();
    await waitFor(() => expect(asked()).toContain(`${current.de}..${current.ate}`));
  });
});

describe('/admin/registros: the files', () => {
  it("downloads the server's CSV of the period on screen", async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:registros');
    const { user, api } = openRecords(
      {
        'GET /admin/registros-tratamento.csv': new Response('Módulo;Finalidade\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="registro-tratamento-2026-03-01-a-2026-03-31.csv"',
          },
        }),
      },
      { path: '/admin/registros?de=2026-03-01&ate=2026-03-31' },
    );
    await user.click(await screen.findByRole('button', { name: 'Baixar CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const [request] = api.calls('GET /admin/registros-tratamento.csv');
    expect(request?.query.toString()).toBe('de=2026-03-01&ate=2026-03-31');
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-1');
    createObjectURL.mockRestore();
  });

  it('says when the CSV fails, with the reason', async () => {
    const { user } = openRecords({
      'GET /admin/registros-tratamento.csv': json(503, {
        error: 'Serviço indisponível',
        code: 'SERVICE_UNAVAILABLE',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Baixar CSV' }));
    expect(await screen.findByText('Erro ao exportar CSV')).toBeInTheDocument();
  });

  it('builds the PDF from the record on screen', async () => {
    const { user } = openRecords();
    await screen.findByRole('row', { name: 'CPF Completo · Análise de crédito' });
    await user.click(screen.getByRole('button', { name: 'Baixar PDF' }));
    await waitFor(() => expect(downloadRecordsPdf).toHaveBeenCalledWith(march));
  });
});
