import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstreamStub, type UpstreamStub } from '../../test/upstream-stub.ts';
import type { GuardPolicy } from './address-guard.ts';
import { AppError } from './app-error.ts';
import { createUpstreamGateway, type InternalDispatch, MAX_ANSWER_DEPTH } from './upstream.ts';

let stub: UpstreamStub;
let stubPort: number;
beforeAll(async () => {
  stub = await startUpstreamStub();
  stubPort = Number(new URL(stub.baseUrl).port);
});
afterAll(async () => {
  await stub.close();
});

const lenient: GuardPolicy = { blockPrivate: false, allowedHosts: [] };
const strict: GuardPolicy = { blockPrivate: true, allowedHosts: [] };

/** A gateway whose in-process provider records each path and answers `answer`. */
function gatewayWith(guard: GuardPolicy, answer = '{"ok":true}') {
  const paths: string[] = [];
  const internal: InternalDispatch = async ({ path }) => {
    paths.push(path);
    return { statusCode: 200, body: answer };
  };
  return { gateway: createUpstreamGateway({ guard, internal }), paths };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const call = (apiUrl: string, input: Record<string, string> = {}) => ({
  apiUrl,
  input,
  headers: { 'x-token': 'segredo' },
  timeoutMs: 5_000,
});

describe('placeholders', () => {
  it('refuses a value that would be a dot segment even when nothing checked it before (defence in depth)', async () => {
    const { gateway } = gatewayWith(lenient);
    try {
      for (const value of ['.', '..']) {
        const calls = stub.received.length;
        const error = await failure(
          gateway.call(call(`${stub.baseUrl}/ok/v1/cpf/{q}?token=X`, { q: value })),
        );
        expect(error.code).toBe('VALIDATION_ERROR');
        expect(error.extras.fields).toEqual({ 'input.q': expect.any(String) });
        expect(stub.received.length).toBe(calls);
      }
    } finally {
      await gateway.close();
    }
  });

  it('a dot segment made of the template and a value is refused too', async () => {
    const { gateway, paths } = gatewayWith(lenient);
    const error = await failure(gateway.call(call('/demo-api/x/.{q}/y', { q: '.' })));
    expect(error.extras.fields).toHaveProperty(['input.q']);
    expect(paths).toEqual([]);
  });

  it('refuses a URL whose host or port comes from a placeholder, sending nothing', async () => {
    const { gateway } = gatewayWith(lenient);
    try {
      const calls = stub.received.length;
      for (const apiUrl of ['http://127.0.0.1:{p}/ok/x', 'http://{h}/ok/x', 'http:\\\\{h}/ok/x']) {
        const error = await failure(
          gateway.call(call(apiUrl, { p: String(stubPort), h: `127.0.0.1:${stubPort}` })),
        );
        expect(error.code).toBe('UPSTREAM_BLOCKED');
      }
      expect(stub.received.length).toBe(calls);
    } finally {
      await gateway.close();
    }
  });
});

describe('in-process /demo-api/ calls', () => {
  it('dispatch the normalised path', async () => {
    const { gateway, paths } = gatewayWith(lenient);
    await gateway.call(call('/demo-api/a/./b/../c/{q}?v={q}', { q: 'x y' }));
    expect(paths).toEqual(['/demo-api/a/c/x%20y?v=x%20y']);
  });

  it.each([
    ['/demo-api/../api/captcha?{q}'],
    ['/demo-api/%2e%2E/api/captcha?{q}'],
    ['/demo-api/..\\api/captcha?{q}'],
    ['/demo-api/a/../../api/captcha'],
    ['/api/captcha?{q}'],
    ['//outro.invalid/demo-api/{q}'],
  ])('%s is refused before any dispatch', async (apiUrl) => {
    const { gateway, paths } = gatewayWith(lenient);
    const error = await failure(gateway.call(call(apiUrl, { q: '1' })));
    expect(error.code).toBe('UPSTREAM_BLOCKED');
    expect(paths).toEqual([]);
  });
});

describe('the answer', () => {
  it('loses U+0000 and gets U+FFFD for lone surrogates, in values and keys; pairs stay', async () => {
    const { gateway } = gatewayWith(lenient);
    const outcome = await gateway.call(call(`${stub.baseUrl}/nul/{q}`, { q: '1' }));
    expect(outcome.body).toEqual({
      nome: 'Fulano de Tal',
      apelido: '\uFFFDx',
      lista: ['ab', { chave: '\uFFFD' }],
      par: '😀',
    });
    await gateway.close();
  });

  it('keeps a "__proto__" key as a plain key', async () => {
    const { gateway } = gatewayWith(lenient, '{"__proto__":{"admin":true},"a":"\\u0000b"}');
    const outcome = await gateway.call(call('/demo-api/x/{q}', { q: '1' }));
    const body = outcome.body as Record<string, unknown>;
    expect(Object.getPrototypeOf(body)).toBe(Object.prototype);
    expect(Object.hasOwn(body, '__proto__')).toBe(true);
    expect(JSON.stringify(body)).toBe('{"__proto__":{"admin":true},"a":"b"}');
  });

  it(`is refused as UPSTREAM_ERROR when nested deeper than ${MAX_ANSWER_DEPTH}`, async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const atLimit = gatewayWith(lenient, nested(MAX_ANSWER_DEPTH));
    await expect(atLimit.gateway.call(call('/demo-api/x/{q}', { q: '1' }))).resolves.toBeDefined();
    const over = gatewayWith(lenient, nested(MAX_ANSWER_DEPTH + 1));
    expect((await failure(over.gateway.call(call('/demo-api/x/{q}', { q: '1' })))).code).toBe(
      'UPSTREAM_ERROR',
    );
    const { gateway } = gatewayWith(lenient);
    expect((await failure(gateway.call(call(`${stub.baseUrl}/deep/{q}`, { q: '1' })))).code).toBe(
      'UPSTREAM_ERROR',
    );
    await gateway.close();
  });
});

describe('the address guard, strict', () => {
  it('an allowlisted name opens only the port it names (or, bare, the default port)', async () => {
    const byName = `http://localhost:${stubPort}/ok/{q}`;
    const cases: [GuardPolicy['allowedHosts'], boolean][] = [
      [[{ host: 'localhost', port: stubPort }], true],
      [[{ host: 'localhost', port: null }], false],
      [[{ host: 'localhost', port: stubPort + 1 }], false],
      [[], false],
    ];
    for (const [allowedHosts, reaches] of cases) {
      const { gateway } = gatewayWith({ ...strict, allowedHosts });
      try {
        const calls = stub.received.length;
        const attempt = gateway.call(call(byName, { q: '1' }));
        if (reaches) await expect(attempt).resolves.toMatchObject({ body: { recebido: { url: '/ok/1' } } });
        else expect((await failure(attempt)).code).toBe('UPSTREAM_BLOCKED');
        expect(stub.received.length).toBe(calls + (reaches ? 1 : 0));
      } finally {
        await gateway.close();
      }
    }
  });

  it('an allowlisted address literal opens only its port too', async () => {
    const byAddress = `${stub.baseUrl}/ok/{q}`;
    const open = gatewayWith({ ...strict, allowedHosts: [{ host: '127.0.0.1', port: stubPort }] });
    await expect(open.gateway.call(call(byAddress, { q: '1' }))).resolves.toBeDefined();
    await open.gateway.close();
    const closed = gatewayWith({ ...strict, allowedHosts: [{ host: '127.0.0.1', port: null }] });
    expect((await failure(closed.gateway.call(call(byAddress, { q: '1' })))).code).toBe('UPSTREAM_BLOCKED');
    await closed.gateway.close();
  });
});
