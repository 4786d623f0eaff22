import { type LookupListItem, lookupContract } from '@painel/shared/contracts/lookups';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { creditAnalysis } from '@/test/purpose-fixtures';
import { renderApp } from '@/test/render';

const item = (id: number, status: string): LookupListItem => ({
  id,
  status,
  usuario_id: 7,
  trial: false,
  User: { nome: 'Maria', email: 'maria@exemplo.com' },
  Modulo: { id: 1, nome: 'CPF Completo', descricao: 'Dados cadastrais a partir do CPF' },
  input: { cpf: '12345678909' },
  tipos_entrada: { cpf: 'cpf' },
  finalidade: creditAnalysis,
  erro: status === 'sucesso' ? null : 'UPSTREAM_ERROR',
  data: '2026-03-10T15:30:00.000Z',
  createdAt: '2026-03-10T15:30:00.000Z',
  // Kept long past any run of this test.
  resultado_expira_em: status === 'sucesso' ? '2099-03-10T15:30:00.000Z' : null,
  chave_api: null,
  lote_id: null,
});

function openHistory(pages: Parameters<typeof mockApi>[0][string], details: Record<string, Response> = {}) {
  const user = makeUser();
  signIn('tok-1', user);
  const api = mockApi({ 'GET /profile': json(200, { user }), 'GET /consultas': pages, ...details });
  return { api, ...renderApp('/historico') };
}

describe('history', () => {
  it('lists date, module, purpose, status and input, 10 per page', async () => {
    openHistory([
      answer(lookupContract.history, {
        // The second was run before purposes, through an API key, as a row of batch 7.
        consultas: [
          item(2, 'sucesso'),
          { ...item(1, 'falha'), finalidade: null, chave_api: 'pk_Ab12Cd34e', lote_id: 7 },
        ],
        total: 2,
        page: 1,
        totalPages: 1,
        retencao_dias: 30,
      }),
    ]);

    const rows = within(await screen.findByRole('list', { name: 'Consultas' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('CPF Completo');
    expect(rows[0]).toHaveTextContent('Dados cadastrais a partir do CPF');
    expect(rows[0]).toHaveTextContent('Sucesso');
    expect(rows[0]).toHaveTextContent('123.456.789-09');
    expect(rows[0]).toHaveTextContent(/10\/03\/2026/);
    expect(rows[0]).toHaveTextContent('Finalidade: Análise de crédito · Proteção do crédito (art. 7º, X)');
    expect(rows[0]).not.toHaveTextContent('Pela API');
    expect(rows[0]).not.toHaveTextContent('lote');
    expect(rows[1]).toHaveTextContent('Falha');
    expect(rows[1]).toHaveTextContent('Pela API, chave pk_Ab12Cd34e…');
    expect(rows[1]).toHaveTextContent('Do lote #7');
    expect(rows[1]).not.toHaveTextContent('Finalidade');
    expect(rows[1]).not.toHaveTextContent('null');
    expect(screen.queryByRole('navigation', { name: 'Paginação' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/');
  });

  it('pages forward and back', async () => {
    const { user, router } = openHistory([
      answer(lookupContract.history, {
        consultas: [item(20, 'sucesso')],
        total: 15,
        page: 1,
        totalPages: 2,
        retencao_dias: 30,
      }),
      answer(lookupContract.history, {
        consultas: [item(5, 'falha')],
        total: 15,
        page: 2,
        totalPages: 2,
        retencao_dias: 30,
      }),
    ]);
    expect(await screen.findByText('Página 1 de 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /Próxima/ }));

    expect(await screen.findByText('Página 2 de 2')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Falha')).toBeInTheDocument());
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByRole('button', { name: /Próxima/ })).toBeDisabled();
  });

  it("says 'Nenhuma consulta encontrada' when there is none", async () => {
    openHistory([
      answer(lookupContract.history, { consultas: [], total: 0, page: 1, totalPages: 1, retencao_dias: 30 }),
    ]);
    expect(await screen.findByText('Nenhuma consulta encontrada')).toBeInTheDocument();
  });

  it('opens a stored result with its purpose and justification, and says when it has expired', async () => {
    const { user } = openHistory(
      [
        answer(lookupContract.history, {
          consultas: [item(2, 'sucesso'), item(1, 'sucesso')],
          total: 2,
          page: 1,
          totalPages: 1,
          retencao_dias: 30,
        }),
      ],
      {
        'GET /consultas/2': answer(lookupContract.detail, {
          ...item(2, 'sucesso'),
          justificativa: 'Pedido de crédito nº 123',
          retorno: { nome: 'Ana Lima', cpf: '11144477735', SITUACAO: 'REGULAR' },
          retencao_dias: 30,
        }),
        'GET /consultas/1': answer(lookupContract.detail, {
          ...item(1, 'sucesso'),
          finalidade: null,
          justificativa: null,
          retorno: null,
          retencao_dias: 30,
        }),
      },
    );
    const buttons = await screen.findAllByRole('button', { name: /Ver resultado/ });
    expect(buttons).toHaveLength(2);

    await user.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'CPF Completo' })).toBeInTheDocument();
    expect(await within(dialog).findByRole('heading', { name: 'Ana Lima' })).toBeInTheDocument();
    const purpose = within(dialog).getByRole('region', { name: 'Finalidade da consulta' });
    expect(purpose).toHaveTextContent('FinalidadeAnálise de crédito');
    expect(purpose).toHaveTextContent('Base legalProteção do crédito (art. 7º, X)');
    expect(purpose).toHaveTextContent('JustificativaPedido de crédito nº 123');
    expect(within(dialog).getByRole('button', { name: 'Salvar PDF' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Limpar' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await user.click(screen.getAllByRole('button', { name: /Ver resultado/ })[1]!);
    const expired = await screen.findByRole('dialog');
    expect(await within(expired).findByText('Resultado expirado (retenção de 30 dias)')).toBeInTheDocument();
    // A lookup from before purposes names none.
    expect(within(expired).queryByText(/Finalidade/)).not.toBeInTheDocument();
    expect(expired).not.toHaveTextContent('null');
  });

  it('searches the history for a CNPJ as typed once the typing stops, and says when nothing matches', async () => {
    const company: LookupListItem = {
      ...item(3, 'sucesso'),
      Modulo: { id: 2, nome: 'Empresa', descricao: 'Dados da empresa' },
      input: { documento: '12ABC34501DE35' },
      tipos_entrada: { documento: 'cnpj' },
    };
    const { api, user, router } = openHistory([
      (request) =>
        answer(lookupContract.history, {
          consultas: request.query.get('busca') === '12.abc.345' ? [company] : [],
          total: request.query.get('busca') === '12.abc.345' ? 1 : 0,
          page: 1,
          totalPages: 1,
          retencao_dias: 30,
        }),
    ]);
    expect(await screen.findByText('Nenhuma consulta encontrada')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Buscar no histórico' }), '12.abc.345');
    const rows = await screen.findAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('12.ABC.345/01DE-35');
    // Typing sent one search, for the whole text, not one per key.
    const searches = api.calls('GET /consultas').map((request) => request.query.get('busca'));
    expect(searches.filter(Boolean)).toEqual(['12.abc.345']);
    expect(router.state.location.search).toBe('?busca=12.abc.345');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar no histórico' }), '99');
    expect(await screen.findByText(/Nada no seu histórico corresponde a “12.abc.34599”/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Limpar busca' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Buscar no histórico' })).toHaveValue('');
  });

  it('writes each input by the type its field had, and as stored when it is not one', async () => {
    openHistory([
      answer(lookupContract.history, {
        consultas: [
          { ...item(3, 'sucesso'), input: { placa: 'ABC1234' }, tipos_entrada: { placa: 'placa' } },
          // Run while the field was free text; the module has typed it since.
          { ...item(2, 'sucesso'), input: { doc: 'ref 42/b' }, tipos_entrada: {} },
          // Stored before fields had types: the key says it is a plate.
          { ...item(1, 'sucesso'), input: { placa: 'abc1d23' }, tipos_entrada: {} },
        ],
        total: 3,
        page: 1,
        totalPages: 1,
        retencao_dias: 30,
      }),
    ]);
    const rows = within(await screen.findByRole('list', { name: 'Consultas' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('ABC-1234');
    expect(rows[1]).toHaveTextContent('ref 42/b');
    expect(rows[2]).toHaveTextContent('ABC1D23');
  });

  it('says until when each result is kept, and that an erased one is gone, without offering it', async () => {
    openHistory([
      answer(lookupContract.history, {
        consultas: [
          { ...item(3, 'sucesso'), resultado_expira_em: '2099-04-09T15:30:00.000Z' },
          { ...item(2, 'sucesso'), resultado_expira_em: '2026-01-01T00:00:00.000Z' },
          item(1, 'falha'),
        ],
        total: 3,
        page: 1,
        totalPages: 1,
        retencao_dias: 90,
      }),
    ]);
    const rows = within(await screen.findByRole('list', { name: 'Consultas' })).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(/Resultado guardado até 09\/04\/2099/);
    expect(within(rows[0]!).getByRole('button', { name: /Ver resultado/ })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Resultado expirado (retenção de 90 dias)');
    expect(within(rows[1]!).queryByRole('button', { name: /Ver resultado/ })).not.toBeInTheDocument();
    // A failure brought no result: nothing to keep or erase.
    expect(rows[2]).not.toHaveTextContent(/Resultado (guardado|expirado)/);
  });

  it('offers no result for failed lookups', async () => {
    openHistory([
      answer(lookupContract.history, {
        consultas: [item(1, 'falha')],
        total: 1,
        page: 1,
        totalPages: 1,
        retencao_dias: 30,
      }),
    ]);
    expect(await screen.findByText('Falha')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ver resultado/ })).not.toBeInTheDocument();
  });
});
