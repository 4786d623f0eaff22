import { lookupContract } from '@painel/shared/contracts/lookups';
import { messages } from '@painel/shared/messages';
import { profileResponseSchema } from '@painel/shared/schemas/user';
import { MutationObserver, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  ApiError,
  apiRequest,
  callEndpoint,
  INVALID_RESPONSE,
  OFFLINE,
  setApiNavigator,
} from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { getSession, signIn } from '@/lib/session';
import { answer, json, mockApi } from '@/test/api-mock';
import { makeUser } from '@/test/fixtures';

const user = makeUser();
const evicted = json(401, { error: messages.sessionEvicted, code: 'SESSION_EVICTED' });
const badToken = json(401, { error: messages.sessionEnded, code: 'UNAUTHENTICATED' });
const expired = json(403, {
  error: messages.tokenExpired,
  code: 'TOKEN_EXPIRED',
  errorType: 'TokenExpiredError',
});

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;

beforeEach(() => {
  navigate = vi.fn<(to: string) => void>();
  setApiNavigator(navigate);
});

function getProfile() {
  return apiRequest('/profile', { schema: profileResponseSchema });
}

describe('apiRequest', () => {
  it('sends JSON with the session token and parses the answer', async () => {
    signIn('tok-1', user);
    const api = mockApi({ 'POST /echo': json(200, { user }) });

    const answer = await apiRequest('/echo', {
      method: 'POST',
      body: { a: 1 },
      schema: profileResponseSchema,
    });

    expect(answer.user.nome).toBe('Maria Teste');
    const [request] = api.requests;
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.body).toEqual({ a: 1 });
  });

  it("throws the server's Portuguese message with its code and field errors", async () => {
    mockApi({
      'POST /auth/login': json(400, {
        error: 'Verifique os campos destacados',
        code: 'VALIDATION_ERROR',
        fields: { email: 'Email inválido' },
      }),
    });

    const failure = apiRequest('/auth/login', { method: 'POST', isAuthCall: true, fallbackError: 'x' });

    await expect(failure).rejects.toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Verifique os campos destacados',
      fields: { email: 'Email inválido' },
    });
  });

  it('falls back to the caller’s message when the body is not an API error', async () => {
    mockApi({ 'POST /auth/login': new Response('<html>Bad gateway</html>', { status: 502 }) });

    const failure = apiRequest('/auth/login', { method: 'POST', fallbackError: messages.loginFailed });

    await expect(failure).rejects.toMatchObject({ status: 502, message: 'Erro ao fazer login' });
  });

  it('turns a network failure into the network message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await expect(getProfile()).rejects.toMatchObject({ status: 0, message: messages.networkError });
  });

  it('uses the answer of the single retry when a 401 does not repeat', async () => {
    signIn('tok-1', user);
    const api = mockApi({ 'GET /profile': [badToken, json(200, { user })] });

    await expect(getProfile()).resolves.toEqual({ user });

    expect(api.calls('GET /profile')).toHaveLength(2);
    expect(getSession()?.token).toBe('tok-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('retries a 401 once, then signs out and goes to /login', async () => {
    signIn('tok-1', user);
    const api = mockApi({ 'GET /profile': badToken });

    await expect(getProfile()).rejects.toBeInstanceOf(ApiError);

    expect(api.calls('GET /profile')).toHaveLength(2);
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('sends FormData as multipart with the token, under the same session rules', async () => {
    signIn('tok-1', user);
    const api = mockApi({ 'POST /upload/module-image': evicted });
    const form = new FormData();
    form.append('image', new Blob(['x'], { type: 'image/png' }), 'a.png');

    await expect(apiRequest('/upload/module-image', { method: 'POST', body: form })).rejects.toMatchObject({
      code: 'SESSION_EVICTED',
    });

    const [request] = api.requests;
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(request?.headers.get('Content-Type')).toBeNull();
    expect(api.calls('POST /upload/module-image')).toHaveLength(2);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/sessao-encerrada');
  });

  it('sends an evicted session to /sessao-encerrada after the retry', async () => {
    signIn('tok-1', user);
    const api = mockApi({ 'GET /profile': evicted });

    await expect(getProfile()).rejects.toMatchObject({ code: 'SESSION_EVICTED' });

    expect(api.calls('GET /profile')).toHaveLength(2);
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/sessao-encerrada');
  });

  it('ends an expired session at once (403 TokenExpiredError) and goes to /login', async () => {
    signIn('tok-1', user);
    const api = mockApi({ 'GET /profile': expired });

    await expect(getProfile()).rejects.toMatchObject({ status: 403, errorType: 'TokenExpiredError' });

    expect(api.calls('GET /profile')).toHaveLength(1);
    expect(getSession()).toBeNull();
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/login');
  });

  it('keeps the session on a 403 that is not an expired token', async () => {
    signIn('tok-1', user);
    mockApi({ 'GET /users': json(403, { error: messages.forbidden, code: 'FORBIDDEN' }) });

    await expect(apiRequest('/users')).rejects.toMatchObject({ message: messages.forbidden });

    expect(getSession()?.token).toBe('tok-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each(['/auth/login', '/auth/register'])(
    'never retries %s nor touches the session on a 401',
    async (path) => {
      signIn('tok-1', user);
      const api = mockApi({
        [`POST ${path}`]: json(401, { error: messages.invalidCredentials, code: 'INVALID_CREDENTIALS' }),
      });

      await expect(apiRequest(path, { method: 'POST', body: {}, isAuthCall: true })).rejects.toMatchObject({
        message: messages.invalidCredentials,
      });

      expect(api.requests).toHaveLength(1);
      expect(getSession()?.token).toBe('tok-1');
      expect(navigate).not.toHaveBeenCalled();
    },
  );

  it('does not retry a 401 when no token was held', async () => {
    const api = mockApi({ 'GET /profile': badToken });

    await expect(getProfile()).rejects.toMatchObject({ status: 401 });

    expect(api.requests).toHaveLength(1);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves a newer session alone when an old request is finally rejected', async () => {
    signIn('old-token', user);
    mockApi({
      'GET /profile': () => {
        signIn('new-token', user);
        return badToken.clone();
      },
    });

    await expect(getProfile()).rejects.toMatchObject({ status: 401 });

    expect(getSession()?.token).toBe('new-token');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('a call that spends money never waits for the network', () => {
  const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const lookup = () =>
    apiRequest('/consultas', { method: 'POST', body: { modulo_id: 1, input: {} }, spendsMoney: true });

  afterEach(() => vi.restoreAllMocks());

  it('fails at once while offline, sends nothing and says nothing was charged', async () => {
    signIn('tok-1', user);
    const api = mockApi({ 'POST /consultas': json(200, {}) });
    offline();

    await expect(lookup()).rejects.toMatchObject({
      status: 0,
      code: OFFLINE,
      message: 'Sem conexão com o servidor. Nada foi cobrado.',
    });

    expect(api.requests).toHaveLength(0);
    expect(getSession()?.token).toBe('tok-1');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('offline, a call that spends nothing fails at once with the plain network message', async () => {
    const api = mockApi({ 'GET /profile': json(200, { user }) });
    offline();

    await expect(getProfile()).rejects.toMatchObject({ code: OFFLINE, message: messages.networkError });
    expect(api.requests).toHaveLength(0);
  });

  it('a connection lost after sending promises nothing about the charge', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));

    await expect(lookup()).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      message: messages.connectionLostOutcomeUnknown,
    });
  });
});

describe('the query client', () => {
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.restoreAllMocks();
  });

  it('runs a mutation made offline at once (it fails) and never replays it when the network returns', async () => {
    const client = createQueryClient();
    const api = mockApi({ 'POST /consultas': json(200, {}) });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onlineManager.setOnline(false);
    const observer = new MutationObserver(client, {
      mutationFn: () => apiRequest('/consultas', { method: 'POST', body: {}, spendsMoney: true }),
    });

    await expect(observer.mutate()).rejects.toMatchObject({ message: messages.offlineNothingCharged });
    expect(observer.getCurrentResult()).toMatchObject({ status: 'error', isPaused: false });

    onLine.mockReturnValue(true);
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.requests).toHaveLength(0);
  });
});

describe('callEndpoint', () => {
  it('sends the request the contract declares: method, path parameters, query and body', async () => {
    signIn('tok-1', user);
    const api = mockApi({
      'GET /consultas/admin/all': answer(lookupContract.recent, {
        consultas: [],
        total: 0,
        page: 2,
        totalPages: 1,
        retencao_dias: 30,
      }),
      'POST /consultas': answer(lookupContract.run, { id: 9, status: 'sucesso', retorno: {}, trial: false }),
    });

    const page = await callEndpoint(lookupContract.recent, { query: { page: 2, usuario_id: undefined } });
    expect(page.page).toBe(2);
    const lookup = await callEndpoint(lookupContract.run, {
      body: { modulo_id: 3, input: { cpf: '1' } },
      headers: { 'idempotency-key': 'chave-1' },
    });
    expect(lookup.id).toBe(9);
    expect(api.requests[1]!.headers.get('idempotency-key')).toBe('chave-1');

    expect(api.requests.map((request) => request.method)).toEqual(['GET', 'POST']);
    expect(api.requests[1]!.body).toEqual({ modulo_id: 3, input: { cpf: '1' } });
    const sent = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(sent[0]).toBe('/api/consultas/admin/all?page=2');
  });

  it('writes path parameters escaped into the path', async () => {
    signIn('tok-1', user);
    mockApi({ 'GET /consultas/a%2Fb': json(404, { error: messages.lookupNotFound, code: 'NOT_FOUND' }) });

    await expect(callEndpoint(lookupContract.detail, { params: { id: 'a/b' } })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  it('refuses an answer that does not match the contract, with the caller’s message', async () => {
    signIn('tok-1', user);
    mockApi({ 'GET /profile/trial-usage': json(200, { trial_used: 1 }) });

    await expect(
      callEndpoint(lookupContract.trialUsage, {}, { fallbackError: messages.lookupFailed }),
    ).rejects.toMatchObject({ code: INVALID_RESPONSE, message: messages.lookupFailed });
  });
});
