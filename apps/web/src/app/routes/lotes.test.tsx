import { loteContract } from '@painel/shared/contracts/lotes';
import { messages } from '@painel/shared/messages';
import type { Lote } from '@painel/shared/schemas/lotes';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { makeLote, runningLote } from '@/test/lote-fixtures';
import { creditModule, makeModule } from '@/test/module-fixtures';
import { activePurposes } from '@/test/purpose-fixtures';
import { renderApp } from '@/test/render';

type Routes = Parameters<typeof mockApi>[0];

const subscriber = makeUser({ data_expiracao: '2999-01-01T00:00:00.000Z', creditos: 500 });

function openLotes(routes: Routes, user = subscriber, lotes: Lote[] = []) {
  signIn('tok-1', user);
  const api = mockApi({
    'GET /profile': json(200, { user }),
    'GET /profile/trial-usage': json(200, { trial_used: 0, trial_limit: 10, trial_remaining: 10 }),
    'GET /modulos/ativos': json(200, { modulos: [makeModule(), creditModule] }),
    'GET /finalidades': json(200, activePurposes(false)),
    'GET /lotes': answer(loteContract.list, { lotes }),
    ...routes,
  });
  return { api, ...renderApp('/lotes') };
}

describe('the Lotes page (docs/product/lotes.md)', () => {
  it('quotes a pasted column, then confirms it and follows its progress', async () => {
    const quoted = makeLote({
      linhas: 3,
      validas: 2,
      invalidas: [{ linha: 3, erro: 'Placa inválida' }],
      custo_maximo: 4,
      arquivo: messages.lotePasted,
    });
    const { api, user } = openLotes({
      'POST /lotes': answer(loteContract.quote, quoted),
      'POST /lotes/12/confirmar': answer(
        loteContract.confirm,
        runningLote(1, { ...quoted, status: 'processando' }),
      ),
      'GET /lotes/12': answer(loteContract.get, runningLote(1, { linhas: 3, total: 2 })),
      'GET /lotes/eventos': json(503, { error: 'Serviço indisponível', code: 'SERVICE_UNAVAILABLE' }),
    });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Lotes' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Nenhum lote ainda. Envie um arquivo para começar.')).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText(/Módulo/), 'Placa');
    await user.type(screen.getByLabelText('Ou cole uma coluna de valores'), 'ABC1D23{Enter}XYZ9A88{Enter}??');
    await user.click(screen.getByRole('button', { name: 'Enviar e cotar' }));

    const quote = await screen.findByRole('region', { name: 'Cotação do lote #12' });
    expect(api.calls('POST /lotes')).toHaveLength(1);
    expect(within(quote).getByText('R$ 4,00 (4,00 créditos)')).toBeInTheDocument();
    expect(within(quote).getByText('Placa inválida')).toBeInTheDocument();

    await user.click(within(quote).getByRole('button', { name: 'Confirmar e iniciar' }));
    const running = await screen.findByRole('region', { name: 'Lote #12' });
    expect(within(running).getByRole('progressbar')).toBeInTheDocument();
    expect(within(running).getByRole('button', { name: 'Cancelar lote' })).toBeInTheDocument();
    expect(api.calls('POST /lotes/12/confirmar')).toHaveLength(1);
    // The header shows it running too.
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: /Lote em andamento/ }),
    ).toHaveAttribute('href', '/lotes');
  });

  it("takes a file from 'Escolher arquivo' or dropped on it, sends it, and lets it be removed", async () => {
    const quoted = makeLote({ linhas: 2, validas: 2, custo_maximo: 4, arquivo: 'placas.csv' });
    const { api, user } = openLotes({ 'POST /lotes': answer(loteContract.quote, quoted) });
    await user.selectOptions(await screen.findByLabelText(/Módulo/, undefined, { timeout: 5000 }), 'Placa');
    const form = screen.getByRole('region', { name: 'Novo lote' });
    const choose = within(form).getByRole('button', { name: 'Escolher arquivo CSV ou XLSX' });
    expect(choose).toHaveTextContent('Escolher arquivo');

    const first = new File(['placa\nABC1D23\n'], 'primeiro.csv', { type: 'text/csv' });
    await user.upload(within(form).getByLabelText('Arquivo CSV ou XLSX'), first);
    expect(within(form).getByText('primeiro.csv')).toBeInTheDocument();
    // The pasted column gives way to a chosen file.
    expect(within(form).getByLabelText('Ou cole uma coluna de valores')).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Remover arquivo' }));
    expect(within(form).queryByText('primeiro.csv')).not.toBeInTheDocument();

    const dropped = new File(['placa\nABC1D23\nXYZ9A88\n'], 'placas.csv', { type: 'text/csv' });
    const area = within(form).getByRole('button', { name: 'Escolher arquivo CSV ou XLSX' }).parentElement!;
    fireEvent.dragOver(area, { dataTransfer: { files: [dropped], types: ['Files'] } });
    fireEvent.drop(area, { dataTransfer: { files: [dropped], types: ['Files'] } });
    expect(await within(form).findByText('placas.csv')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Enviar e cotar' }));

    await screen.findByRole('region', { name: 'Cotação do lote #12' });
    const sent = api.calls('POST /lotes')[0]?.body as FormData;
    expect(sent.get('arquivo')).toBeInstanceOf(File);
    expect((sent.get('arquivo') as File).name).toBe('placas.csv');
  });

  it('lists the batches, newest first, with status, module, lines and charge', async () => {
    openLotes({}, subscriber, [
      makeLote({ id: 4, status: 'concluido', processadas: 100, sucesso: 95, falha: 5, cobrado: 190 }),
      makeLote({ id: 9, status: 'falhou', processadas: 10, falha: 10 }),
    ]);
    const table = await screen.findByRole('table', undefined, { timeout: 5000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('#9');
    expect(rows[0]).toHaveTextContent('Falhou');
    expect(rows[1]).toHaveTextContent('#4');
    expect(rows[1]).toHaveTextContent('Concluído');
    expect(rows[1]).toHaveTextContent('R$ 190,00');
    expect(
      within(rows[1] as HTMLElement).getByRole('button', { name: 'Baixar CSV do lote #4' }),
    ).toBeInTheDocument();
  });

  it('reads the invalid rows of a quote opened from the list, which leaves them out', async () => {
    const { invalidas: _, ...listed } = makeLote({ linhas: 3, validas: 2, custo_maximo: 4 });
    const { api, user } = openLotes(
      {
        'GET /lotes/12': answer(loteContract.get, {
          ...listed,
          invalidas: [{ linha: 3, erro: 'Placa inválida' }],
        }),
      },
      subscriber,
      [listed],
    );
    const table = await screen.findByRole('table', undefined, { timeout: 5000 });
    await user.click(within(table).getByRole('button', { name: 'Abrir o lote #12' }));
    const quote = await screen.findByRole('region', { name: 'Cotação do lote #12' });
    expect(within(quote).getByText('Inválidas', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      '1',
    );
    expect(await within(quote).findByText('Placa inválida')).toBeInTheDocument();
    expect(api.calls('GET /lotes/12')).toHaveLength(1);
  });

  it('offers no download of a batch cancelled before any row was looked up', async () => {
    openLotes({}, subscriber, [makeLote({ id: 5, status: 'cancelado', processadas: 0, canceladas: 100 })]);
    const table = await screen.findByRole('table', undefined, { timeout: 5000 });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Cancelado');
    expect(row).toHaveTextContent('0/100 (0%)');
    expect(within(row).queryByRole('button', { name: /^Baixar/ })).not.toBeInTheDocument();
  });

  it('cancels a running batch after asking', async () => {
    const { api, user } = openLotes(
      {
        'POST /lotes/12/cancelar': answer(
          loteContract.cancel,
          runningLote(40, { status: 'cancelado', canceladas: 60 }),
        ),
        'GET /lotes/12': answer(loteContract.get, runningLote(40)),
        'GET /lotes/eventos': json(503, { error: 'Serviço indisponível', code: 'SERVICE_UNAVAILABLE' }),
      },
      subscriber,
      [runningLote(40)],
    );
    const table = await screen.findByRole('table', undefined, { timeout: 5000 });
    await user.click(within(table).getByRole('button', { name: 'Cancelar lote' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar o lote #12?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar lote' }));
    await waitFor(() => expect(api.calls('POST /lotes/12/cancelar')).toHaveLength(1));
    expect(await within(table).findByText('Cancelado')).toBeInTheDocument();
  });

  it("'Descartar' cancels the quoted batch on the server and goes back to the form", async () => {
    const quoted = makeLote({ linhas: 2, validas: 2, custo_maximo: 4 });
    const { api, user } = openLotes({
      'POST /lotes': answer(loteContract.quote, quoted),
      'POST /lotes/12/cancelar': answer(loteContract.cancel, {
        ...quoted,
        status: 'cancelado',
        canceladas: quoted.total,
      }),
    });
    await user.selectOptions(await screen.findByLabelText(/Módulo/, undefined, { timeout: 5000 }), 'Placa');
    await user.type(screen.getByLabelText('Ou cole uma coluna de valores'), 'ABC1D23{Enter}XYZ9A88');
    await user.click(screen.getByRole('button', { name: 'Enviar e cotar' }));
    const quote = await screen.findByRole('region', { name: 'Cotação do lote #12' });

    await user.click(within(quote).getByRole('button', { name: 'Descartar' }));
    await waitFor(() => expect(api.calls('POST /lotes/12/cancelar')).toHaveLength(1));
    expect(await screen.findByRole('region', { name: 'Novo lote' })).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Cancelado')).toBeInTheDocument();
  });

  it('offers plans instead of the form to a user without access', async () => {
    openLotes({}, makeUser());
    expect(
      await screen.findByText(messages.loteTrialNotAllowed, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver planos e créditos' })).toHaveAttribute('href', '/planos');
    expect(screen.queryByRole('button', { name: 'Enviar e cotar' })).not.toBeInTheDocument();
  });

  it("is reached from the dashboard's 'Consultar em lote', shown to users with access only", async () => {
    signIn('tok-1', subscriber);
    mockApi({
      'GET /profile': json(200, { user: subscriber }),
      'GET /profile/trial-usage': json(200, { trial_used: 0, trial_limit: 10, trial_remaining: 10 }),
      'GET /modulos/ativos': json(200, { modulos: [] }),
      'GET /lotes': answer(loteContract.list, { lotes: [] }),
      'GET /finalidades': json(200, activePurposes(false)),
    });
    const { router, user } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Consultar em lote' }, { timeout: 5000 }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lotes' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lotes');
  });
});
