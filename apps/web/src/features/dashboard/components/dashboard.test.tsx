import { lookupContract } from '@painel/shared/contracts/lookups';
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { creditModule, hoursFromNow, makeModule, trialUsage } from '@/test/module-fixtures';
import { renderApp } from '@/test/render';

type User = ReturnType<typeof makeUser>;

function openDashboard({
  user = makeUser(),
  modules = [makeModule(), creditModule],
  remaining = 10,
}: {
  user?: User;
  modules?: unknown[];
  remaining?: number;
} = {}) {
  signIn('tok-1', user);
  const api = mockApi({
    'GET /profile': json(200, { user }),
    'GET /modulos/ativos': json(200, { modulos: modules }),
    'GET /profile/trial-usage': answer(lookupContract.trialUsage, trialUsage(remaining)),
  });
  return { api, ...renderApp('/') };
}

const subscriber = (overrides: Partial<User> = {}) =>
  makeUser({
    data_expiracao: hoursFromNow(24 * 10),
    active_subscription: {
      id: 1,
      plan_id: 1,
      starts_at: '2026-01-01T00:00:00Z',
      ends_at: hoursFromNow(24 * 10),
      Plan: { name: 'Plano Mensal' },
    },
    creditos: 1234.5,
    ...overrides,
  });

afterEach(() => {
  focusManager.setFocused(undefined);
});

describe('dashboard in trial', () => {
  it('shows the trial banner, the three cards and only quantity modules with TESTE', async () => {
    openDashboard({ remaining: 7 });

    expect(await screen.findByRole('link', { name: 'CPF Completo: TESTE' })).toHaveAttribute(
      'href',
      '/consulta/1',
    );
    expect(screen.getByRole('region', { name: 'Modo teste' })).toHaveTextContent('7 de 10');
    expect(screen.getByRole('region', { name: 'Créditos disponíveis' })).toHaveTextContent('12,50');
    expect(screen.getByRole('region', { name: 'Tempo restante' })).toHaveTextContent('Sem Assinatura');
    expect(screen.getByRole('region', { name: 'Plano ativo' })).toHaveTextContent('Nenhum plano');
    // Credit modules are hidden in trial.
    expect(screen.queryByText('Placa')).not.toBeInTheDocument();
  });

  it("shuts the cards with 'LIMITE TRIAL EXCEDIDO' when no tests are left", async () => {
    openDashboard({ remaining: 0 });

    const card = await screen.findByText('LIMITE TRIAL EXCEDIDO');
    const frame = card.closest('[data-testid="module-card"]');
    expect(frame).toHaveAttribute('aria-disabled', 'true');
    expect(frame?.tagName).toBe('DIV');
    // The card does not also offer a test it cannot run.
    expect(frame).toHaveTextContent('Testes gratuitos esgotados');
    expect(frame).not.toHaveTextContent('Teste gratuito disponível');
    expect(screen.queryByRole('link', { name: /CPF Completo/ })).not.toBeInTheDocument();
    expect(
      screen.getByText('Você esgotou seus testes gratuitos. Assine um plano para continuar.'),
    ).toBeInTheDocument();
  });

  it("says 'Nenhum serviço disponível' without modules", async () => {
    openDashboard({ modules: [] });
    expect(await screen.findByText('Nenhum serviço disponível')).toBeInTheDocument();
  });
});

describe('dashboard with access', () => {
  it('shows credits, days left rounded up, the plan and every module badge', async () => {
    openDashboard({
      user: subscriber({ creditos: 1.5 }),
      modules: [
        makeModule(),
        makeModule({ id: 3, nome: 'Manutenção', manutencao: true }),
        makeModule({ id: 4, nome: 'Sem cota', limite: 0 }),
        makeModule({ id: 5, nome: 'Esgotado', usado: 100, limite: 100 }),
        { ...creditModule, preco_por_consulta: 1.75 },
      ],
    });

    expect(await screen.findByRole('link', { name: 'CPF Completo: ONLINE' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Créditos disponíveis' })).toHaveTextContent('1,50');
    expect(screen.getByRole('region', { name: 'Tempo restante' })).toHaveTextContent('10Dias Restantes');
    expect(screen.getByRole('region', { name: 'Plano ativo' })).toHaveTextContent('Plano Mensal');
    expect(screen.queryByRole('region', { name: 'Modo teste' })).not.toBeInTheDocument();
    const badges = screen.getAllByTestId('module-card').map((card) => card.getAttribute('data-badge'));
    expect(badges).toEqual([
      'ONLINE',
      'MANUTENÇÃO',
      'SEM ACESSO',
      'LIMITE EXCEDIDO',
      'CRÉDITOS INSUFICIENTES',
    ]);
    expect(screen.getAllByRole('link', { name: /: / })).toHaveLength(1);
    // Credit price in whole credits with the exact price beside it, 24 h usage with its bar.
    expect(screen.getByText(/2 créditos por consulta/)).toHaveTextContent(
      '2 créditos por consulta (exatos 1,75)',
    );
    // No quota: said in words, not a 0/0 bar filled red.
    const noQuota = screen.getAllByTestId('module-card')[2]!;
    expect(noQuota).toHaveTextContent('Sem acesso a este módulo no seu plano');
    expect(within(noQuota).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uso 24h de CPF Completo' })).toHaveAttribute(
      'data-level',
      'green',
    );
    expect(screen.getByRole('progressbar', { name: 'Uso 24h de Esgotado' })).toHaveAttribute(
      'data-level',
      'red',
    );
  });

  it('counts down HH:MM:SS under 24 h and warns within 48 h', async () => {
    openDashboard({ user: subscriber({ data_expiracao: hoursFromNow(5), active_subscription: null }) });

    const card = await screen.findByRole('region', { name: 'Tempo restante' });
    expect(card).toHaveTextContent(/0[45]:\d{2}:\d{2}Horas Restantes/);
    expect(screen.getByRole('alert')).toHaveTextContent(/Seu acesso expira em 0[45]:\d{2}:\d{2}/);
  });

  it("says 'Acesso Expirado' after the expiry, and the user is back in trial", async () => {
    openDashboard({ user: makeUser({ data_expiracao: hoursFromNow(-1) }) });
    expect(await screen.findByText('Acesso Expirado')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Modo teste' })).toBeInTheDocument();
  });

  it('shows the reseller with WhatsApp and Telegram links', async () => {
    openDashboard({
      user: subscriber({
        revendedor: {
          nome: 'Revenda Exemplo',
          email: 'revenda@exemplo.com',
          whatsapp_contato: '(11) 98888-7777',
          telegram_contato: '@revenda_exemplo',
        },
      }),
    });
    const card = await screen.findByRole('region', { name: 'Seu revendedor' });
    expect(within(card).getByText('Revenda Exemplo')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      'https://wa.me/5511988887777',
    );
    expect(within(card).getByRole('link', { name: 'Telegram' })).toHaveAttribute(
      'href',
      'https://t.me/revenda_exemplo',
    );
  });

  it("filters modules by name or description, accents ignored, and says 'Nenhum módulo encontrado'", async () => {
    const { user } = openDashboard({
      user: subscriber(),
      modules: [makeModule(), makeModule({ id: 9, nome: 'Nome da Mãe', descricao: 'Pessoas pela mãe' })],
    });
    const search = await screen.findByLabelText('Buscar módulo');
    await screen.findByText('Nome da Mãe');

    await user.type(search, 'mae');
    await waitFor(() => expect(screen.queryByText('CPF Completo')).not.toBeInTheDocument());
    expect(screen.getByText('Nome da Mãe')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'xyz');
    expect(await screen.findByText('Nenhum módulo encontrado')).toBeInTheDocument();
  });
});

describe('dashboard polling', () => {
  it('reads modules, profile and trial usage every 5 s, and pauses while the tab is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { api } = openDashboard();
    await screen.findByRole('link', { name: 'CPF Completo: TESTE' });
    const counts = () =>
      ['GET /modulos/ativos', 'GET /profile', 'GET /profile/trial-usage'].map((key) => api.calls(key).length);
    const before = counts();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_100);
    });
    await waitFor(() => expect(counts().every((count, index) => count > before[index]!)).toBe(true));

    act(() => focusManager.setFocused(false));
    const hidden = counts();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    expect(counts()).toEqual(hidden);
  });
});
