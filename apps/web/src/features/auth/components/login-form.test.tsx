import { messages } from '@painel/shared/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const captcha1 = json(200, { id: 'c1', image: 'data:image/svg+xml;base64,AAA=' });
const captcha2 = json(200, { id: 'c2', image: 'data:image/svg+xml;base64,BBB=' });

async function openLogin() {
  const app = renderApp('/login');
  await screen.findByRole('img', { name: 'Imagem do captcha' });
  return app;
}

async function fillLogin(user: Awaited<ReturnType<typeof openLogin>>['user']) {
  await user.type(screen.getByLabelText('Email'), 'Maria@Exemplo.com');
  await user.type(screen.getByLabelText('Senha'), 'segredo123');
  await user.type(screen.getByLabelText('Captcha'), 'ab12x');
}

describe('login page', () => {
  it('shows the title, fields, captcha and actions in Portuguese', async () => {
    mockApi({ 'GET /captcha': captcha1 });
    await openLogin();

    expect(screen.getByRole('heading', { level: 1, name: 'Painel Consulta' })).toBeInTheDocument();
    expect(screen.getByText('Entre com suas credenciais para continuar')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Senha')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('img', { name: 'Imagem do captcha' })).toHaveAttribute(
      'src',
      'data:image/svg+xml;base64,AAA=',
    );
    expect(screen.getByRole('button', { name: 'Trocar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Entrar no sistema' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Cadastre-se' })).toHaveAttribute('href', '/register');
  });

  it('upper-cases the captcha answer as it is typed and stops at 6 characters', async () => {
    mockApi({ 'GET /captcha': captcha1 });
    const { user } = await openLogin();
    const box = screen.getByLabelText('Captcha');

    await user.type(box, 'ab1cd2ef3');

    expect(box).toHaveValue('AB1CD2');
    expect(box).toHaveAttribute('maxLength', '6');
    expect(box).toHaveAttribute('autocomplete', 'off');
  });

  it('asks for email, password and captcha before sending anything', async () => {
    const api = mockApi({ 'GET /captcha': captcha1 });
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Entrar no sistema' }));

    expect(await screen.findByText(messages.captchaRequired)).toBeInTheDocument();
    expect(screen.getAllByText(messages.required)).toHaveLength(2);
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(messages.required);
    expect(screen.getByLabelText('Captcha')).toHaveAccessibleDescription(messages.captchaRequired);
    expect(api.calls('POST /auth/login')).toHaveLength(0);
  });

  it('says the email is invalid', async () => {
    mockApi({ 'GET /captcha': captcha1 });
    const { user } = await openLogin();

    await user.type(screen.getByLabelText('Email'), 'maria@');
    await user.click(screen.getByRole('button', { name: 'Entrar no sistema' }));

    expect(await screen.findByText(messages.invalidEmail)).toBeInTheDocument();
  });

  it("shows the server's reason in a red box and brings a new, empty captcha", async () => {
    const api = mockApi({
      'GET /captcha': [captcha1, captcha2],
      'POST /auth/login': json(401, { error: messages.invalidCredentials, code: 'INVALID_CREDENTIALS' }),
    });
    const { user, router } = await openLogin();
    await fillLogin(user);

    await user.click(screen.getByRole('button', { name: 'Entrar no sistema' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.invalidCredentials);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Imagem do captcha' })).toHaveAttribute(
        'src',
        'data:image/svg+xml;base64,BBB=',
      ),
    );
    expect(screen.getByLabelText('Captcha')).toHaveValue('');
    expect(api.calls('POST /auth/login')[0]?.body).toEqual({
      email: 'maria@exemplo.com',
      senha: 'segredo123',
      captcha_id: 'c1',
      captcha_answer: 'AB12X',
    });
    expect(router.state.location.pathname).toBe('/login');

    // The next attempt answers the new captcha.
    await user.type(screen.getByLabelText('Captcha'), 'zz9');
    await user.click(screen.getByRole('button', { name: 'Entrar no sistema' }));
    await waitFor(() => expect(api.calls('POST /auth/login')).toHaveLength(2));
    expect(api.calls('POST /auth/login')[1]?.body).toMatchObject({ captcha_id: 'c2', captcha_answer: 'ZZ9' });
  });

  it("says 'Erro ao fazer login' when the server gives no reason", async () => {
    mockApi({
      'GET /captcha': [captcha1, captcha2],
      'POST /auth/login': new Response('Bad gateway', { status: 502 }),
    });
    const { user } = await openLogin();
    await fillLogin(user);

    await user.click(screen.getByRole('button', { name: 'Entrar no sistema' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Erro ao fazer login');
  });

  it("shows 'Entrando...' and blocks the button while the login is on its way", async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      'GET /captcha': captcha1,
      'POST /auth/login': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = await openLogin();
    await fillLogin(user);

    await user.click(screen.getByRole('button', { name: 'Entrar no sistema' }));

    const busy = await screen.findByRole('button', { name: 'Entrando...' });
    expect(busy).toBeDisabled();
    answer(json(401, { error: messages.invalidCredentials, code: 'INVALID_CREDENTIALS' }));
    expect(await screen.findByRole('button', { name: 'Entrar no sistema' })).toBeEnabled();
  });

  it('stores the session and opens the dashboard on success', async () => {
    const maria = makeUser();
    mockApi({
      'GET /captcha': captcha1,
      'POST /auth/login': json(200, { token: 'tok-1', user: maria }),
      'GET /profile': json(200, { user: maria }),
    });
    const { user, router } = await openLogin();
    await fillLogin(user);

    await user.click(screen.getByRole('button', { name: 'Entrar no sistema' }));

    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Olá, Maria Teste')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(maria);
  });
});
