import { Agent, FormData, request } from 'undici';

/**
 * What the benchmarks share to drive a panel process: the environment a bench server runs with,
 * HTTP calls with a session's token or an API key, sign-in through the captcha, and the module the
 * lookups go to. Traffic goes only to the 127.0.0.1 addresses the benches start.
 */
export const BENCH_SERVER_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'error',
  HOST: '127.0.0.1',
  CAPTCHA_TEST_ANSWER: 'BENCH',
  ADMIN_PASSWORD: 'bench-admin',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123',
  AUTH_RATE_LIMIT_PER_IP: '100000',
  CAPTCHA_RATE_LIMIT_PER_IP: '100000',
  WEB_DIST_DIR: '/nonexistent',
};

/** A session's token, or `{ key }` for a customer's API key. */
export type Credential = string | { key: string };

export interface PanelClient {
  /** A call to `target` (a whole URL); a FormData body goes as multipart, anything else as JSON. */
  http(
    method: 'GET' | 'POST' | 'PUT',
    target: string,
    body?: unknown,
    token?: Credential,
  ): Promise<{ status: number; json(): ReturnType<typeof JSON.parse>; text: string }>;
  login(email: string, senha: string): Promise<string>;
  /**
   * A credit module at R$ 1,00 a lookup with one `cpf` field on the upstream at `upstreamBase`, and
   * the first seeded purpose (every lookup names one, as the panel requires by default).
   */
  benchModule(
    adminToken: string,
    nome: string,
    upstreamBase: string,
  ): Promise<{ moduleId: number; purposeId: number }>;
  close(): Promise<void>;
}

export function panelClient(base: string, connections: number): PanelClient {
  const dispatcher = new Agent({ connections, keepAliveTimeout: 30_000 });

  const http: PanelClient['http'] = async (method, target, body, token) => {
    const isForm = body instanceof FormData;
    const credential =
      token === undefined
        ? {}
        : typeof token === 'string'
          ? { authorization: `Bearer ${token}` }
          : { 'x-api-key': token.key };
    const response = await request(target, {
      method,
      dispatcher,
      headers: {
        ...(isForm || body === undefined ? {} : { 'content-type': 'application/json' }),
        ...credential,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await response.body.text();
    return { status: response.statusCode, json: () => JSON.parse(text), text };
  };

  async function login(email: string, senha: string): Promise<string> {
    const captcha = (await http('GET', `${base}/api/captcha`)).json();
    const response = await http('POST', `${base}/api/auth/login`, {
      email,
      senha,
      captcha_id: captcha.id,
      captcha_answer: 'BENCH',
    });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
    return response.json().token;
  }

  async function benchModule(adminToken: string, nome: string, upstreamBase: string) {
    const created = await http(
      'POST',
      `${base}/api/modulos`,
      {
        nome,
        descricao: 'benchmark',
        api_url: `${upstreamBase}/ok/{cpf}`,
        tipo_limite: 'creditos',
        preco_por_consulta: 1,
        campos_entrada: [{ nome: 'cpf', tipo: 'string', obrigatorio: true, mascara: '000.000.000-00' }],
      },
      adminToken,
    );
    if (created.status !== 201) throw new Error(`module ${created.status} ${created.text}`);
    const purposeId = (await http('GET', `${base}/api/finalidades`, undefined, adminToken)).json()
      .finalidades[0].id;
    return { moduleId: created.json().id as number, purposeId: purposeId as number };
  }

  return { http, login, benchModule, close: () => dispatcher.close() };
}
