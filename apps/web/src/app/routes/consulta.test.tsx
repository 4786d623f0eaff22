import { purposeContract } from '@painel/shared/contracts/finalidades';
import { lookupContract } from '@painel/shared/contracts/lookups';
import { messages } from '@painel/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { makeLookupDetail } from '@/test/lookup-fixtures';
import { hoursFromNow, makeModule, trialUsage } from '@/test/module-fixtures';
import { activePurposes } from '@/test/purpose-fixtures';
import { renderApp } from '@/test/render';

type Reply = Parameters<typeof mockApi>[0][string];

// The same person as the trial masker would answer it, and whole.
const masked = { dadosBasicos: { NOME: 'Ana L*** P*****', CPF: '111.***.***-35', status: 'REGULAR' } };
const whole = { dadosBasicos: { NOME: 'Ana Lima Prado', CPF: '111.444.777-35', status: 'REGULAR' } };

const revealedDetail = makeLookupDetail({ id: 41, retorno: whole });

/** A subscriber's lookup on module 1, answered by `lookup`; `reveal` answers POST /consultas/41/revelar. */
async function runLookup(lookup: Reply, reveal: Reply = answer(lookupContract.reveal, revealedDetail)) {
  const user = makeUser({ data_expiracao: hoursFromNow(240) });
  signIn('tok-1', user);
  const api = mockApi({
    'GET /profile': json(200, { user }),
    'GET /modulos/ativos': json(200, { modulos: [makeModule()] }),
    'GET /profile/trial-usage': answer(lookupContract.trialUsage, trialUsage(5)),
    'GET /finalidades': answer(purposeContract.active, activePurposes(false)),
    'POST /consultas': lookup,
    'POST /consultas/41/revelar': reveal,
  });
  const app = renderApp('/consulta/1');
  // The first render loads the lazy route, slow on a busy machine.
  await app.user.type(await screen.findByLabelText(/CPF/, {}, { timeout: 5000 }), '11144477735');
  await app.user.click(screen.getByRole('button', { name: 'Consultar' }));
  const result = await screen.findByRole('region', { name: /^Resultado/ });
  return { api, result, ...app };
}

const maskedByModule = answer(lookupContract.run, {
  id: 41,
  status: 'sucesso',
  retorno: masked,
  trial: false,
  mascarado: true,
  menor_de_idade: false,
  revelavel: true,
});

describe('a masked result on the query screen (docs/product/reveal-and-minors.md)', () => {
  it("says why it is masked, and 'Revelar' with a justification shows the whole result in its place", async () => {
    const { api, user, result } = await runLookup(maskedByModule);
    const view = within(result).getByTestId('result-view');
    expect(within(view).getByText('Ana L*** P*****')).toBeInTheDocument();
    expect(within(result).getByTestId('masked-note')).toHaveTextContent(
      'Dados mascarados por padrão deste módulo.',
    );
    expect(within(result).queryByText('Menor de idade')).not.toBeInTheDocument();

    await user.click(within(result).getByRole('button', { name: 'Revelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revelar dados completos' });
    await user.type(within(dialog).getByLabelText('Justificativa'), 'curta');
    await user.click(within(dialog).getByRole('button', { name: 'Revelar' }));
    expect(await within(dialog).findByText(messages.revealJustificationShort)).toBeInTheDocument();
    expect(api.calls('POST /consultas/41/revelar')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Justificativa'), ' conferência pedida pelo cliente');
    await user.click(within(dialog).getByRole('button', { name: 'Revelar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /consultas/41/revelar')[0]?.body).toEqual({
      justificativa: 'curta conferência pedida pelo cliente',
    });
    const shown = within(result).getByTestId('result-view');
    expect(within(shown).getByText('Ana Lima Prado')).toBeInTheDocument();
    expect(within(shown).queryByText('Ana L*** P*****')).not.toBeInTheDocument();
    expect(within(result).queryByTestId('masked-note')).not.toBeInTheDocument();
    expect(within(result).queryByRole('button', { name: 'Revelar' })).not.toBeInTheDocument();
    // Still the same lookup: its form and actions stay, nothing was run again.
    expect(api.calls('POST /consultas')).toHaveLength(1);
    expect(within(result).getByRole('button', { name: 'Salvar PDF' })).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog and keeps the masked result", async () => {
    const { user, result } = await runLookup(
      maskedByModule,
      json(404, { error: 'O resultado desta consulta expirou e não está mais guardado.', code: 'NOT_FOUND' }),
    );
    await user.click(within(result).getByRole('button', { name: 'Revelar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revelar dados completos' });
    await user.type(within(dialog).getByLabelText('Justificativa'), 'conferência pedida pelo cliente');
    await user.click(within(dialog).getByRole('button', { name: 'Revelar' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'O resultado desta consulta expirou e não está mais guardado.',
    );
    expect(within(result).getByText('Ana L*** P*****')).toBeInTheDocument();
  });

  it("a minor's data the purpose does not permit: 'Menor de idade', masked, and no 'Revelar'", async () => {
    const { result } = await runLookup(
      answer(lookupContract.run, {
        id: 41,
        status: 'sucesso',
        retorno: masked,
        trial: false,
        mascarado: true,
        menor_de_idade: true,
        revelavel: false,
      }),
    );
    expect(within(result).getByText('Menor de idade')).toBeInTheDocument();
    expect(within(result).getByTestId('masked-note')).toHaveTextContent(
      'Dados mascarados: a finalidade não permite exibir dados de menor de idade.',
    );
    expect(within(result).queryByRole('button', { name: 'Revelar' })).not.toBeInTheDocument();
  });

  it('a result shown whole says nothing about masking', async () => {
    const { result } = await runLookup(
      answer(lookupContract.run, {
        id: 41,
        status: 'sucesso',
        retorno: whole,
        trial: false,
        mascarado: false,
        menor_de_idade: false,
        revelavel: false,
      }),
    );
    expect(within(result).getByText('Ana Lima Prado')).toBeInTheDocument();
    expect(within(result).queryByText('Dados mascarados')).not.toBeInTheDocument();
    expect(within(result).queryByRole('button', { name: 'Revelar' })).not.toBeInTheDocument();
    expect(within(result).queryByText('Menor de idade')).not.toBeInTheDocument();
  });
});
