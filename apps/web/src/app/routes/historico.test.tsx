import { type LookupDetail, lookupContract } from '@painel/shared/contracts/lookups';
import { messages } from '@painel/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { makeLookupDetail, makeLookupItem } from '@/test/lookup-fixtures';
import { renderApp } from '@/test/render';

type Reply = Parameters<typeof mockApi>[0][string];

const item = makeLookupItem();

const masked = { nome: 'Ana L*** P*****', cpf: '111.***.***-35', SITUACAO: 'REGULAR' };
const whole = { nome: 'Ana Lima Prado', cpf: '11144477735', SITUACAO: 'REGULAR' };

const detail = (overrides: Partial<LookupDetail>) =>
  makeLookupDetail({
    justificativa: 'Pedido de crédito nº 123',
    retorno: masked,
    mascarado: true,
    revelavel: true,
    ...overrides,
  });

/** The history with one lookup, opened: GET /consultas/2 answers `stored`. */
async function openStored(stored: Reply, reveal: Reply = answer(lookupContract.reveal, detail({}))) {
  const user = makeUser();
  signIn('tok-1', user);
  const api = mockApi({
    'GET /profile': json(200, { user }),
    'GET /consultas': answer(lookupContract.history, {
      consultas: [item],
      total: 1,
      page: 1,
      totalPages: 1,
      retencao_dias: 30,
    }),
    'GET /consultas/2': stored,
    'POST /consultas/2/revelar': reveal,
  });
  const app = renderApp('/historico');
  // The first render loads the lazy route, slow on a busy machine.
  await app.user.click(await screen.findByRole('button', { name: /Ver resultado/ }, { timeout: 5000 }));
  const dialog = await screen.findByRole('dialog', { name: 'CPF Completo' });
  return { api, dialog, ...app };
}

describe("the history's stored result (docs/product/reveal-and-minors.md)", () => {
  it("masked by the module: says so, and 'Revelar' with a justification shows it whole in place", async () => {
    const { api, user, dialog } = await openStored(answer(lookupContract.detail, detail({})), [
      answer(lookupContract.reveal, detail({ retorno: whole, mascarado: false, revelavel: false })),
    ]);
    expect(await within(dialog).findByRole('heading', { name: 'Ana L*** P*****' })).toBeInTheDocument();
    expect(within(dialog).getByTestId('masked-note')).toHaveTextContent(
      'Dados mascarados por padrão deste módulo.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Revelar' }));
    const reveal = await screen.findByRole('dialog', { name: 'Revelar dados completos' });
    await user.type(within(reveal).getByLabelText('Justificativa'), 'curta');
    await user.click(within(reveal).getByRole('button', { name: 'Revelar' }));
    expect(await within(reveal).findByText(messages.revealJustificationShort)).toBeInTheDocument();
    expect(api.calls('POST /consultas/2/revelar')).toHaveLength(0);

    await user.type(within(reveal).getByLabelText('Justificativa'), ' conferência de cadastro');
    await user.click(within(reveal).getByRole('button', { name: 'Revelar' }));

    expect(await within(dialog).findByRole('heading', { name: 'Ana Lima Prado' })).toBeInTheDocument();
    // The keyboard goes on from the whole result, inside the stored result's dialog.
    await waitFor(() => expect(within(dialog).getByTestId('result-view').parentElement).toHaveFocus());
    expect(api.calls('POST /consultas/2/revelar')[0]?.body).toEqual({
      justificativa: 'curta conferência de cadastro',
    });
    expect(within(dialog).queryByText('Ana L*** P*****')).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId('masked-note')).not.toBeInTheDocument();
    // The lookup's own purpose and justification stay as they were.
    expect(within(dialog).getByRole('region', { name: 'Finalidade da consulta' })).toHaveTextContent(
      'JustificativaPedido de crédito nº 123',
    );
  });

  it('opened again, it is masked again: the reveal was for that one look', async () => {
    const { user, dialog } = await openStored(answer(lookupContract.detail, detail({})), [
      answer(lookupContract.reveal, detail({ retorno: whole, mascarado: false, revelavel: false })),
    ]);
    await user.click(await within(dialog).findByRole('button', { name: 'Revelar' }));
    const reveal = await screen.findByRole('dialog', { name: 'Revelar dados completos' });
    await user.type(within(reveal).getByLabelText('Justificativa'), 'conferência de cadastro');
    await user.click(within(reveal).getByRole('button', { name: 'Revelar' }));
    await within(dialog).findByRole('heading', { name: 'Ana Lima Prado' });

    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: /Ver resultado/ }));
    const again = await screen.findByRole('dialog', { name: 'CPF Completo' });
    expect(await within(again).findByRole('heading', { name: 'Ana L*** P*****' })).toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'Revelar' })).toBeInTheDocument();
  });

  it("shows the server's refusal in the reveal dialog and keeps the masked result", async () => {
    const { user, dialog } = await openStored(
      answer(lookupContract.detail, detail({})),
      json(403, {
        error: 'Dados de menor de idade: a finalidade desta consulta não permite exibi-los',
        code: 'FORBIDDEN',
      }),
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Revelar' }));
    const reveal = await screen.findByRole('dialog', { name: 'Revelar dados completos' });
    await user.type(within(reveal).getByLabelText('Justificativa'), 'conferência de cadastro');
    await user.click(within(reveal).getByRole('button', { name: 'Revelar' }));

    expect(await within(reveal).findByRole('alert')).toHaveTextContent(
      'Dados de menor de idade: a finalidade desta consulta não permite exibi-los',
    );
    expect(within(dialog).getByText('Ana L*** P*****')).toBeInTheDocument();
  });

  it("a minor's data the purpose does not permit: 'Menor de idade', masked, no 'Revelar'", async () => {
    const { dialog } = await openStored(
      answer(lookupContract.detail, detail({ menor_de_idade: true, revelavel: false })),
    );
    expect(await within(dialog).findByText('Menor de idade')).toBeInTheDocument();
    expect(within(dialog).getByTestId('masked-note')).toHaveTextContent(
      'Dados mascarados: a finalidade não permite exibir dados de menor de idade.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Revelar' })).not.toBeInTheDocument();
  });

  it('a result shown whole says nothing about masking', async () => {
    const { dialog } = await openStored(
      answer(lookupContract.detail, detail({ retorno: whole, mascarado: false, revelavel: false })),
    );
    expect(await within(dialog).findByRole('heading', { name: 'Ana Lima Prado' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Dados mascarados')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Menor de idade')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Revelar' })).not.toBeInTheDocument();
  });

  it("an expired result reads 'Resultado expirado (retenção de N dias)' with the detail's retention", async () => {
    const { dialog } = await openStored(
      answer(lookupContract.detail, {
        ...detail({ retorno: null, mascarado: false, menor_de_idade: false, revelavel: false }),
        retencao_dias: 45,
      }),
    );
    expect(await within(dialog).findByText('Resultado expirado (retenção de 45 dias)')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Salvar PDF' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Revelar' })).not.toBeInTheDocument();
  });
});
