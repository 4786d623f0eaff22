import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { Entry } from '@/app/entry';
import { isGuestEntry } from '@/app/guest-app';
import { Providers } from '@/app/providers';
import { signIn } from '@/lib/session';
import { json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';

// The first test to leave the signed-out pages compiles the whole panel's code on the spot.
const captcha = json(200, { id: 'c1', image: 'data:image/svg+xml;base64,AAA=' });

/** A first page load at `path`, as main.tsx renders it. */
function firstVisit(path: string) {
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  render(
    <Providers>
      <Entry />
    </Providers>,
  );
  return user;
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('first visit to the signed-out pages', () => {
  it('is the guest entry only for /login and /register without a session', () => {
    for (const [path, guest] of [
      ['/login', true],
      ['/register/', true],
      ['/', false],
      ['/historico', false],
    ] as const) {
      window.history.replaceState(null, '', path);
      expect(isGuestEntry(), path).toBe(guest);
    }
    signIn('tok-1', makeUser());
    window.history.replaceState(null, '', '/login');
    expect(isGuestEntry()).toBe(false);
  });

  it('moves between login and register with the address and the Back button', async () => {
    mockApi({ 'GET /captcha': captcha });
    const user = firstVisit('/login');

    await user.click(await screen.findByRole('link', { name: 'Cadastre-se' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Crie sua conta' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/register');

    act(() => window.history.back());

    expect(await screen.findByRole('heading', { level: 1, name: 'Painel Consulta' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
  });

  it('names the tab after the page and starts the keyboard at the skip link', async () => {
    mockApi({ 'GET /captcha': captcha });
    const user = firstVisit('/login');
    await screen.findByRole('heading', { level: 1, name: 'Painel Consulta' });

    expect(document.title).toBe('Entrar · Painel Consulta');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Cadastre-se' }));
    await screen.findByRole('heading', { level: 1, name: 'Crie sua conta' });
    expect(document.title).toBe('Criar conta · Painel Consulta');
  });

  it('opens the panel on the dashboard after signing in', async () => {
    const maria = makeUser();
    mockApi({
      'GET /captcha': captcha,
      'POST /auth/login': json(200, { token: 'tok-1', user: maria }),
      'GET /profile': json(200, { user: maria }),
      'GET /modulos/ativos': json(200, { modulos: [] }),
      'GET /profile/trial-usage': json(200, { trial_used: 0, trial_limit: 10, trial_remaining: 10 }),
    });
    const user = firstVisit('/login');
    await screen.findByRole('img', { name: 'Imagem do captcha' });

    await user.type(screen.getByLabelText('Email'), 'maria@exemplo.com');
    await user.type(screen.getByLabelText('Senha'), 'segredo123');
    await user.type(screen.getByLabelText('Captcha'), 'ab12x');
    await user.click(screen.getByRole('button', { name: 'Entrar no sistema' }));

    const header = await screen.findByRole('banner', {}, { timeout: 15_000 });
    expect(within(header).getByText('Olá, Maria Teste')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  }, 20_000);

  it('hands over to the panel when another tab signs in', async () => {
    const maria = makeUser();
    mockApi({
      'GET /captcha': captcha,
      'GET /profile': json(200, { user: maria }),
      'GET /modulos/ativos': json(200, { modulos: [] }),
      'GET /profile/trial-usage': json(200, { trial_used: 0, trial_limit: 10, trial_remaining: 10 }),
    });
    firstVisit('/register');
    await screen.findByRole('heading', { level: 1, name: 'Crie sua conta' });

    act(() => signIn('tok-2', maria));

    expect(await screen.findByRole('banner', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  }, 20_000);
});
