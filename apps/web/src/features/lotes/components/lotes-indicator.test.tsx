import { loteContract } from '@painel/shared/contracts/lotes';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { Toaster } from '@/components/ui/sonner';
import { LotesIndicator } from '@/features/lotes/components/lotes-indicator';
import { signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { eventStream, makeLote, runningLote } from '@/test/lote-fixtures';
import { createTestQueryClient } from '@/test/render';

function renderIndicator(routes: Parameters<typeof mockApi>[0]) {
  signIn('tok-1', makeUser({ id: 7 }));
  const api = mockApi(routes);
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter>
        <LotesIndicator userId={7} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return api;
}

const finished = runningLote(100, {
  status: 'concluido',
  sucesso: 95,
  falha: 5,
  eta_segundos: null,
  concluido_em: '2026-03-10T13:50:00.000Z',
});

describe("the header's batch indicator (docs/product/lotes.md)", () => {
  it("shows the running batches' overall percent, linking to /lotes, live from the stream", async () => {
    const stream = eventStream();
    renderIndicator({
      'GET /lotes': answer(loteContract.list, {
        lotes: [
          runningLote(30),
          runningLote(50, { id: 13, total: 300, linhas: 300 }),
          makeLote({ id: 11, status: 'concluido', processadas: 100 }),
        ],
      }),
      'GET /lotes/eventos': stream.response,
      'GET /lotes/12': answer(loteContract.get, runningLote(30)),
      'GET /lotes/13': answer(loteContract.get, runningLote(50, { id: 13, total: 300, linhas: 300 })),
    });

    // (30 + 50) of (100 + 300) rows.
    const link = await screen.findByRole('link', { name: '2 lotes em andamento: 20% concluído' });
    expect(link).toHaveAttribute('href', '/lotes');
    expect(link).toHaveTextContent('20%');

    stream.send('lote', runningLote(90));
    // (90 + 50) of 400 rows.
    expect(
      await screen.findByRole('link', { name: '2 lotes em andamento: 35% concluído' }),
    ).toBeInTheDocument();
  });

  it('shows nothing when no batch of the user is running', async () => {
    const api = renderIndicator({
      'GET /lotes': answer(loteContract.list, {
        lotes: [makeLote(), runningLote(10, { id: 20, usuario: { id: 99, nome: 'Outro Cliente' } })],
      }),
      'GET /lotes/20': answer(
        loteContract.get,
        runningLote(10, { id: 20, usuario: { id: 99, nome: 'Outro' } }),
      ),
    });
    // Another user's running batch (a reseller's client) is polled, as the stream never carries it.
    await waitFor(() => expect(api.calls('GET /lotes/20')).toHaveLength(1));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    // No stream for a user with nothing running.
    expect(api.calls('GET /lotes/eventos')).toHaveLength(0);
  });

  it('says when a batch ends, from the stream, and goes away', async () => {
    const stream = eventStream();
    renderIndicator({
      'GET /lotes': answer(loteContract.list, { lotes: [runningLote(60)] }),
      'GET /lotes/eventos': stream.response,
      'GET /lotes/12': answer(loteContract.get, runningLote(60)),
    });
    expect(await screen.findByRole('link', { name: 'Lote em andamento: 60% concluído' })).toBeInTheDocument();

    stream.send('lote', finished);

    expect(await screen.findByText('Lote #12 concluído: 95 com sucesso, 5 com falha')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /em andamento/ })).not.toBeInTheDocument();
  });

  it('reads the list again once the stream is up, so a batch that ended before it connected ends here too', async () => {
    // The stream only carries batches still running when it connects: this one ended just before.
    const stream = eventStream();
    const api = renderIndicator({
      'GET /lotes': [
        answer(loteContract.list, { lotes: [runningLote(60)] }),
        answer(loteContract.list, { lotes: [{ ...finished, sucesso: 58, falha: 2 }] }),
      ],
      'GET /lotes/eventos': stream.response,
      'GET /lotes/12': answer(loteContract.get, runningLote(60)),
    });
    expect(await screen.findByText('Lote #12 concluído: 58 com sucesso, 2 com falha')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /em andamento/ })).not.toBeInTheDocument();
    expect(api.calls('GET /lotes')).toHaveLength(2);
  });

  it('polls GET /lotes/{id} while the stream is down, and says when it ends', async () => {
    const api = renderIndicator({
      'GET /lotes': answer(loteContract.list, { lotes: [runningLote(60)] }),
      'GET /lotes/eventos': json(503, { error: 'Serviço indisponível', code: 'SERVICE_UNAVAILABLE' }),
      'GET /lotes/12': [
        answer(loteContract.get, runningLote(60)),
        answer(loteContract.get, {
          ...finished,
          status: 'cancelado',
          sucesso: 70,
          falha: 0,
          processadas: 70,
        }),
      ],
    });
    expect(await screen.findByRole('link', { name: 'Lote em andamento: 60% concluído' })).toBeInTheDocument();

    expect(
      await screen.findByText('Lote #12 cancelado: 70 com sucesso, 0 com falha', undefined, {
        timeout: 5000,
      }),
    ).toBeInTheDocument();
    expect(api.calls('GET /lotes/12').length).toBeGreaterThanOrEqual(2);
  });
});
