import { messages } from '@painel/shared/messages';
import type { Role } from '@painel/shared/schemas/user';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { getSession, signIn } from '@/lib/session';
import { json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const captcha = json(200, { id: 'c1', image: 'data:image/svg+xml;base64,AAA=' });

function signedInAs(tipo: Role) {
  const user = makeUser({ tipo });
  signIn('tok-1', user);
  return mockApi({
    'GET /profile': json(200, { user }),
    'GET /captcha': captcha,
    'GET /modulos/ativos': json(200, { modulos: [] }),
    'GET /profile/trial-usage': json(200, { trial_used: 0, trial_limit: 10, trial_remaining: 10 }),
    'GET /consultas': json(200, { consultas: [], total: 0, page: 1, totalPages: 1 }),
  });
}

async function landsOn(router: ReturnType<typeof renderApp>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('route guards', () => {
  it.each(['/', '/planos', '/profile', '/historico', '/admin', '/admin/usuarios'])(
    'sends a signed-out visitor from %s to /login',
    async (path) => {
      mockApi({ 'GET /captcha': captcha });
      const { router } = renderApp(path);

      expect(await screen.findByRole('button', { name: 'Entrar no sistema' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it.each(['/login', '/register'])('sends a signed-in user from %s to the dashboard', async (path) => {
    signedInAs('usuario');
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Painel' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps an ordinary user out of /admin', async () => {
    signedInAs('usuario');
    const { router } = renderApp('/admin/usuarios');

    expect(await screen.findByRole('heading', { level: 1, name: 'Painel' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it.each([
    ['admin', '/admin/usuarios', 'Usuários'],
    ['revendedor', '/admin/metricas', 'Métricas'],
    ['admin', '/admin', 'Dashboard administrativo'],
  ] as const)('lets %s open %s', async (tipo, path, title) => {
    signedInAs(tipo);
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    expect(screen.getByRole('navigation', { name: 'Menu rápido' })).toBeInTheDocument();
  });

  it.each([
    ['/planos', 'Planos e créditos'],
    ['/profile', 'Perfil'],
    ['/historico', 'Histórico de consultas'],
  ])('gives %s a way back to the dashboard', async (path, title) => {
    signedInAs('usuario');
    const { router, user } = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Voltar' }));
    await landsOn(router, '/');
  });

  it('sends unknown addresses to the dashboard (and so to /login when signed out)', async () => {
    mockApi({ 'GET /captcha': captcha });
    const { router } = renderApp('/nao-existe');

    await landsOn(router, '/login');
  });
});

describe('session ended by another device', () => {
  it('lands on /sessao-encerrada when the profile poll is evicted, signed out', async () => {
    const user = makeUser();
    signIn('tok-1', user);
    mockApi({
      'GET /profile': json(401, { error: messages.sessionEvicted, code: 'SESSION_EVICTED' }),
    });
    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', { name: 'Sessão encerrada' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sessao-encerrada');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('explains the notice, clears a session still held and leads back to /login', async () => {
    signedInAs('usuario');
    const { router, user } = renderApp('/sessao-encerrada');

    expect(await screen.findByText(/login na sua conta em outro dispositivo/)).toBeInTheDocument();
    expect(screen.getByText(/compartilhamento de logins não é permitido/)).toBeInTheDocument();
    await waitFor(() => expect(getSession()).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Voltar para o login' }));
    await landsOn(router, '/login');
  });
});

describe('app header', () => {
  it('greets the user with role and pt-BR credits, refreshed from the profile', async () => {
    const stored = makeUser({ creditos: 12.5 });
    signIn('tok-1', stored);
    mockApi({ 'GET /profile': json(200, { user: { ...stored, creditos: 1234.5 } }) });
    renderApp('/');

    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Olá, Maria Teste')).toBeInTheDocument();
    expect(within(header).getByText('Usuário')).toBeInTheDocument();
    expect(await within(header).findByText('1.234,50')).toBeInTheDocument();
    expect(header).toHaveTextContent('Créditos: 1.234,50');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').creditos).toBe(1234.5);
  });

  it.each([
    ['usuario', false],
    ['revendedor', true],
    ['admin', true],
  ] as const)('shows Planos, Perfil and, for %s, Admin=%s', async (tipo, seesAdmin) => {
    signedInAs(tipo);
    renderApp('/');

    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Planos' })).toHaveAttribute('href', '/planos');
    expect(within(nav).getByRole('link', { name: 'Perfil' })).toHaveAttribute('href', '/profile');
    expect(within(nav).queryByRole('link', { name: 'Admin' }) !== null).toBe(seesAdmin);
  });

  it.each([
    ['answers', json(204)],
    ['fails', json(500, { error: messages.internalError, code: 'INTERNAL' })],
  ])("'Sair' signs out and goes to /login when the server %s", async (_, logoutReply) => {
    const user = makeUser();
    signIn('tok-1', user);
    const api = mockApi({
      'GET /profile': json(200, { user }),
      'POST /auth/logout': logoutReply,
      'GET /captcha': captcha,
    });
    const { router, user: userEvent } = renderApp('/');

    await userEvent.click(await screen.findByRole('button', { name: 'Sair' }));

    await landsOn(router, '/login');
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(api.calls('POST /auth/logout')[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
  });
});
