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
    'GET /lotes': json(200, { lotes: [] }),
    'GET /finalidades': json(200, { finalidades: [], exigir_finalidade: false }),
  });
}

async function landsOn(router: ReturnType<typeof renderApp>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('route guards', () => {
  it.each(['/', '/planos', '/profile', '/historico', '/lotes', '/admin', '/admin/usuarios'])(
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

  it("lists 'Lotes' in the sidebar's Menu Principal, after 'Histórico'", async () => {
    signedInAs('admin');
    renderApp('/admin');

    const sidebar = await screen.findByRole('navigation', { name: 'Administração' });
    const links = within(sidebar)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links.slice(0, 4)).toEqual(['Dashboard', 'Histórico', 'Lotes', 'Perfil']);
    expect(within(sidebar).getByRole('link', { name: 'Lotes' })).toHaveAttribute('href', '/lotes');
  });

  it.each([
    ['/planos', 'Planos e créditos'],
    ['/profile', 'Perfil'],
    ['/historico', 'Histórico de consultas'],
    ['/lotes', 'Lotes'],
  ])('gives %s a way back to the dashboard', async (path, title) => {
    signedInAs('usuario');
    const { router, user } = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Voltar' }));
    await landsOn(router, '/');
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
  ] as const)('shows Planos e créditos, Perfil and, for %s, Admin=%s', async (tipo, seesAdmin) => {
    signedInAs(tipo);
    renderApp('/');

    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Planos e créditos' })).toHaveAttribute('href', '/planos');
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

  it.each([
    ['usuario', ['Planos e créditos', 'Perfil', 'Sair']],
    ['admin', ['Planos e créditos', 'Perfil', 'Admin', 'Sair']],
  ] as const)(
    "puts the greeting, the role, the links and 'Sair' in the phone menu for %s",
    async (tipo, items) => {
      signedInAs(tipo);
      const { router, user } = renderApp('/');

      await user.click(await screen.findByRole('button', { name: 'Menu' }));

      const menu = await screen.findByRole('menu');
      expect(menu).toHaveTextContent('Olá, Maria Teste');
      expect(menu).toHaveTextContent(tipo === 'admin' ? 'Administrador' : 'Usuário');
      expect(
        within(menu)
          .getAllByRole('menuitem')
          .map((item) => item.textContent),
      ).toEqual(items);
      await user.click(within(menu).getByRole('menuitem', { name: 'Perfil' }));
      await landsOn(router, '/profile');
    },
  );

  it("signs out from the phone menu's 'Sair'", async () => {
    const user = makeUser();
    signIn('tok-1', user);
    mockApi({ 'GET /profile': json(200, { user }), 'POST /auth/logout': json(204), 'GET /captcha': captcha });
    const { router, user: userEvent } = renderApp('/');

    await userEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sair' }));

    await landsOn(router, '/login');
    expect(getSession()).toBeNull();
  });
});

describe('page not found', () => {
  it('tells a signed-out visitor the address does not exist and leads to /login', async () => {
    mockApi({ 'GET /captcha': captcha });
    const { router, user } = renderApp('/nao-existe');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('/nao-existe');
    expect(router.state.location.pathname).toBe('/nao-existe');
    await waitFor(() => expect(document.title).toBe('Página não encontrada · Painel Consulta'));

    await user.click(screen.getByRole('link', { name: 'Ir para o login' }));
    expect(await screen.findByRole('button', { name: 'Entrar no sistema' })).toBeInTheDocument();
  });

  it.each(['/nao-existe', '/admin/nao-existe', '/historico/123'])(
    'shows %s inside the signed-in frame with a way back to the dashboard',
    async (path) => {
      signedInAs('admin');
      const { router, user } = renderApp(path);

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('banner')).toHaveTextContent('Créditos');
      expect(router.state.location.pathname).toBe(path);

      await user.click(screen.getByRole('link', { name: 'Voltar para o início' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Painel' })).toBeInTheDocument();
    },
  );
});

describe('document title', () => {
  it.each([
    ['usuario', '/', 'Início · Painel Consulta'],
    ['usuario', '/historico', 'Histórico · Painel Consulta'],
    ['usuario', '/lotes', 'Lotes · Painel Consulta'],
    ['usuario', '/profile', 'Perfil · Painel Consulta'],
    ['admin', '/admin/usuarios', 'Usuários · Painel Consulta'],
    ['admin', '/admin/finalidades', 'Finalidades · Painel Consulta'],
    ['admin', '/admin/registros', 'Registros de tratamento · Painel Consulta'],
    ['revendedor', '/admin/titulares', 'Titulares · Painel Consulta'],
    ['admin', '/admin', 'Administração · Painel Consulta'],
  ] as const)('names the tab after the page for %s at %s', async (tipo, path, title) => {
    signedInAs(tipo);
    renderApp(path);

    await waitFor(() => expect(document.title).toBe(title));
  });

  it('names the login page, and follows the user to the next page', async () => {
    mockApi({ 'GET /captcha': captcha });
    const { user } = renderApp('/login');

    await waitFor(() => expect(document.title).toBe('Entrar · Painel Consulta'));
    await user.click(await screen.findByRole('link', { name: 'Cadastre-se' }));
    await waitFor(() => expect(document.title).toBe('Criar conta · Painel Consulta'));
  });
});

describe('skip link', () => {
  it('is the first stop of the keyboard and moves the focus to the page', async () => {
    signedInAs('usuario');
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Painel' });

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Pular para o conteúdo' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(screen.getByRole('main')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('main').contains(document.activeElement)).toBe(true);
  });

  it('leads past nothing on the login page but is still first', async () => {
    mockApi({ 'GET /captcha': captcha });
    const { user } = renderApp('/login');
    await screen.findByRole('button', { name: 'Entrar no sistema' });

    await user.tab();
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveFocus();
  });
});
