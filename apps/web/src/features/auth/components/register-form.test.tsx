import { messages } from '@painel/shared/messages';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const captcha1 = json(200, { id: 'c1', image: 'data:image/svg+xml;base64,AAA=' });
const captcha2 = json(200, { id: 'c2', image: 'data:image/svg+xml;base64,BBB=' });

async function openRegister() {
  const app = renderApp('/register');
  await screen.findByRole('img', { name: 'Imagem do captcha' });
  return app;
}

async function fillRegister(
  user: Awaited<ReturnType<typeof openRegister>>['user'],
  { confirmation = 'segredo123' } = {},
) {
  await user.type(screen.getByLabelText('Nome'), 'Maria Teste');
  await user.type(screen.getByLabelText('Email'), 'maria@exemplo.com');
  await user.type(screen.getByLabelText('Senha'), 'segredo123');
  await user.type(screen.getByLabelText('Confirmar senha'), confirmation);
  await user.type(screen.getByLabelText('Captcha'), 'ab12x');
}

describe('register page', () => {
  it('shows its title, fields and actions in Portuguese', async () => {
    mockApi({ 'GET /captcha': captcha1 });
    await openRegister();

    expect(screen.getByRole('heading', { level: 1, name: 'Crie sua conta' })).toBeInTheDocument();
    for (const label of ['Nome', 'Email', 'Senha', 'Confirmar senha', 'Captcha']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Criar conta' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
  });

  it('refuses passwords that do not match', async () => {
    const api = mockApi({ 'GET /captcha': captcha1 });
    const { user } = await openRegister();
    await fillRegister(user, { confirmation: 'outra-senha' });

    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByText('As senhas não coincidem')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirmar senha')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /auth/register')).toHaveLength(0);
  });

  it('signs in and opens the dashboard when the answer carries a session', async () => {
    const maria = makeUser();
    const api = mockApi({
      'GET /captcha': captcha1,
      'POST /auth/register': json(201, { token: 'tok-new', user: maria }),
      'GET /profile': json(200, { user: maria }),
    });
    const { user, router } = await openRegister();
    await fillRegister(user);

    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByText('Olá, Maria Teste')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem('token')).toBe('tok-new');
    expect(api.calls('POST /auth/register')[0]?.body).toEqual({
      nome: 'Maria Teste',
      email: 'maria@exemplo.com',
      senha: 'segredo123',
      captcha_id: 'c1',
      captcha_answer: 'AB12X',
    });
  });

  it('says the account was created, then goes to /login 400 ms later when no session came back', async () => {
    mockApi({ 'GET /captcha': captcha1, 'POST /auth/register': json(201, { ok: true }) });
    const { user, router } = await openRegister();
    await fillRegister(user);

    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Cadastro realizado com sucesso. Entrando...',
    );
    // The message shows first; the move to /login follows (after 400 ms; no wall-clock check here).
    expect(router.state.location.pathname).toBe('/register');
    expect(screen.getByRole('button', { name: 'Criar conta' })).toBeDisabled();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("shows the server's reason, or 'Erro ao cadastrar', and brings a new captcha", async () => {
    const api = mockApi({
      'GET /captcha': [captcha1, captcha2],
      'POST /auth/register': [
        json(409, { error: messages.emailInUse, code: 'EMAIL_IN_USE' }),
        new Response('', { status: 500 }),
      ],
    });
    const { user } = await openRegister();
    await fillRegister(user);

    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(messages.emailInUse);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Imagem do captcha' })).toHaveAttribute(
        'src',
        'data:image/svg+xml;base64,BBB=',
      ),
    );
    expect(screen.getByLabelText('Captcha')).toHaveValue('');

    await user.type(screen.getByLabelText('Captcha'), 'qq1');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Erro ao cadastrar'));
    expect(api.calls('POST /auth/register')[1]?.body).toMatchObject({ captcha_id: 'c2' });
  });

  it("shows 'Cadastrando...' while the registration is on its way", async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      'GET /captcha': captcha1,
      'POST /auth/register': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = await openRegister();
    await fillRegister(user);

    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByRole('button', { name: 'Cadastrando...' })).toBeDisabled();
    answer(json(409, { error: messages.emailInUse, code: 'EMAIL_IN_USE' }));
    expect(await screen.findByRole('button', { name: 'Criar conta' })).toBeEnabled();
  });
});
