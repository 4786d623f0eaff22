import { titularContract } from '@painel/shared/contracts/titulares';
import { messages } from '@painel/shared/messages';
import type { Role } from '@painel/shared/schemas/user';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { routes as appRoutes } from '@/app/router';
import { Toaster } from '@/components/ui/sonner';
import {
  buildTitularReportPdf,
  downloadTitularReportPdf,
} from '@/features/titulares-admin/utils/titular-report-pdf';
import { signIn } from '@/lib/session';
import { answer, json, mockApi, type RecordedRequest } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { titularLookup, twoTitularLookups as two } from '@/test/titular-fixtures';

vi.mock('@/features/titulares-admin/utils/titular-report-pdf', async (original) => ({
  ...(await original<typeof import('@/features/titulares-admin/utils/titular-report-pdf')>()),
  downloadTitularReportPdf: vi.fn(async () => undefined),
}));

type Routes = Parameters<typeof mockApi>[0];
const SEARCH = 'GET /admin/titulares/consultas';

/** 25 lookups served page by page, as the server would for `page` and `limit`. */
function paged(total: number) {
  const all = Array.from({ length: total }, (_, index) => titularLookup(total - index));
  return (request: RecordedRequest) => {
    const page = Number(request.query.get('page') ?? 1);
    const limit = Number(request.query.get('limit') ?? 10);
    return answer(titularContract.lookups, {
      consultas: all.slice((page - 1) * limit, page * limit),
      total,
      page,
      totalPages: Math.ceil(total / limit),
      retencao_dias: 30,
    });
  };
}

beforeEach(() => {
  vi.mocked(downloadTitularReportPdf).mockClear();
});
afterEach(() => {
  toast.dismiss();
});

function openTitulares(routes: Routes = {}, { role = 'admin' } = {}) {
  signIn('tok-1', makeUser({ id: 1, tipo: role as Role }));
  const api = mockApi({ [SEARCH]: answer(titularContract.lookups, two), ...routes });
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/admin/titulares'] });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  const asked = () =>
    api.calls(SEARCH).map((request) => Object.fromEntries(request.query.entries()) as Record<string, string>);
  const search = async (documento: string) => {
    const field = await screen.findByLabelText('CPF ou CNPJ do titular');
    await user.clear(field);
    await user.type(field, documento);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
  };
  return { api, user, router, asked, search };
}

describe('/admin/titulares: the search', () => {
  it('asks nothing until a document is searched, then lists who looked it up, and the menu links here', async () => {
    const { asked, search } = openTitulares();
    expect(await screen.findByRole('heading', { level: 1, name: 'Titulares' })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Titulares' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/admin/titulares');
    expect(asked()).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Baixar relatório (PDF)' })).not.toBeInTheDocument();

    await search('529.982.247-25');
    expect(await screen.findByText('2 consultas encontradas')).toBeInTheDocument();
    expect(asked()).toEqual([{ documento: '529.982.247-25', page: '1', limit: '10' }]);

    const maria = screen.getByRole('row', { name: /Maria Souza · CPF Completo/ });
    expect(within(maria).getByText('maria@exemplo.com')).toBeInTheDocument();
    expect(within(maria).getByText('Análise de crédito')).toBeInTheDocument();
    expect(within(maria).getByText('Proteção do crédito (art. 7º, X)')).toBeInTheDocument();
    expect(within(maria).getByText(/^Até 20\/12\/2099/)).toBeInTheDocument();
    expect(within(maria).getByText(/^20\/11\/2026/)).toBeInTheDocument();

    const joao = screen.getByRole('row', { name: /João Lima · Veículos/ });
    expect(within(joao).getByText('Falhou')).toBeInTheDocument();
    expect(within(joao).getByText('Sem finalidade registrada')).toBeInTheDocument();
    expect(within(joao).getByText('Sem resultado guardado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Baixar relatório (PDF)' })).toBeEnabled();
  });

  it('takes a document without punctuation as typed', async () => {
    const { asked, search } = openTitulares();
    await search('52998224725');
    await screen.findByText('2 consultas encontradas');
    expect(asked()[0]?.documento).toBe('52998224725');
  });

  it('refuses what is no CPF or CNPJ under the field, and asks nothing', async () => {
    const { asked, search } = openTitulares();
    await search('123.456.789-00');
    expect(await screen.findByText(messages.titularDocumentInvalid)).toBeInTheDocument();
    expect(screen.getByLabelText('CPF ou CNPJ do titular')).toHaveAttribute('aria-invalid', 'true');
    expect(asked()).toEqual([]);
  });

  it("shows the server's refusal of the document under the field", async () => {
    const { search } = openTitulares({
      [SEARCH]: json(400, {
        error: 'Dados inválidos',
        code: 'VALIDATION_ERROR',
        fields: { documento: 'Informe um CPF ou CNPJ válido' },
      }),
    });
    await search('529.982.247-25');
    const field = screen.getByLabelText('CPF ou CNPJ do titular');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Informe um CPF ou CNPJ válido')).toBeInTheDocument();
    expect(screen.queryByText('2 consultas encontradas')).not.toBeInTheDocument();
  });

  it('shows a skeleton while searching, then says when nobody looked the document up', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { search } = openTitulares({
      [SEARCH]: async () => {
        await held;
        return answer(titularContract.lookups, { ...two, consultas: [], total: 0, totalPages: 0 });
      },
    });
    await search('529.982.247-25');
    expect(
      await screen.findByRole('status', { name: 'Carregando consultas do titular' }),
    ).toBeInTheDocument();
    release();
    expect(await screen.findByText('Nenhuma consulta encontrada para este documento')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByText(/consultas? encontradas?$/)).not.toBeInTheDocument();
  });

  it('says when the search fails, and searches again on request', async () => {
    const { user, asked, search } = openTitulares({
      [SEARCH]: [json(500, { error: 'Erro interno do servidor' }), answer(titularContract.lookups, two)],
    });
    await search('529.982.247-25');
    const retry = await screen.findByRole('button', { name: 'Tentar de novo' });
    expect(screen.getAllByText('Não foi possível buscar as consultas do titular.').length).toBeGreaterThan(0);
    await user.click(retry);
    expect(await screen.findByText('2 consultas encontradas')).toBeInTheDocument();
    expect(asked()).toHaveLength(2);
  });

  it('goes through the pages', async () => {
    const { user, asked, search } = openTitulares({ [SEARCH]: paged(25) });
    await search('529.982.247-25');
    expect(await screen.findByText('25 consultas encontradas')).toBeInTheDocument();
    expect(screen.getByText('Página 1 de 3 • Total: 25')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Operador 25 ·/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Próxima ›' }));
    expect(await screen.findByRole('row', { name: /Operador 15 ·/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Operador 25 ·/ })).not.toBeInTheDocument();
    expect(screen.getByText('Página 2 de 3 • Total: 25')).toBeInTheDocument();
    expect(asked().map((query) => query.page)).toEqual(['1', '2']);
  });
});

describe('/admin/titulares: the report', () => {
  it('reads every page, 100 at a time, and builds the PDF with every lookup', async () => {
    const { user, asked, search } = openTitulares({ [SEARCH]: paged(250) });
    await search('529.982.247-25');
    await screen.findByText('250 consultas encontradas');
    await user.click(screen.getByRole('button', { name: 'Baixar relatório (PDF)' }));
    await waitFor(() => expect(downloadTitularReportPdf).toHaveBeenCalled());

    expect(asked().slice(1)).toEqual(
      ['1', '2', '3'].map((page) => ({ documento: '529.982.247-25', page, limit: '100' })),
    );
    const report = vi.mocked(downloadTitularReportPdf).mock.calls[0]?.[0];
    expect(report?.documento).toBe('529.982.247-25');
    expect(report?.lookups.consultas).toHaveLength(250);
    const raw = (await buildTitularReportPdf(report as NonNullable<typeof report>)).output();
    for (const name of ['Operador 250', 'Operador 101', 'Operador 1)']) expect(raw).toContain(name);
    expect(raw).toContain('Titular: CPF 529.***.***-25');
  });

  it('says when the report cannot be built', async () => {
    const { user, search } = openTitulares({
      [SEARCH]: [answer(titularContract.lookups, two), json(503, { error: 'Serviço indisponível' })],
    });
    await search('529.982.247-25');
    await screen.findByText('2 consultas encontradas');
    await user.click(screen.getByRole('button', { name: 'Baixar relatório (PDF)' }));
    expect(await screen.findByText('Erro ao gerar o relatório')).toBeInTheDocument();
    expect(downloadTitularReportPdf).not.toHaveBeenCalled();
  });
});

describe('/admin/titulares: who may come', () => {
  it('lets a reseller search, with the link in the menu', async () => {
    const { search } = openTitulares({}, { role: 'revendedor' });
    expect(await screen.findAllByRole('link', { name: 'Titulares' })).toHaveLength(2);
    await search('529.982.247-25');
    expect(await screen.findByText('2 consultas encontradas')).toBeInTheDocument();
  });

  it('sends a usuario back to the dashboard, with nothing asked', async () => {
    const { api, router } = openTitulares({}, { role: 'usuario' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 3000 });
    expect(screen.queryByRole('link', { name: 'Titulares' })).not.toBeInTheDocument();
    expect(api.calls(SEARCH)).toHaveLength(0);
  });
});
