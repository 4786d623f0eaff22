import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createTestApp,
  createTestDatabase,
  registerUser,
  type SignedIn,
  signIn,
} from '../../test/harness.ts';
import { rowCounts } from '../../test/row-counts.ts';
import { createReseller, insertUser } from '../../test/users-fixtures.ts';
import { rowsOf } from '../db/rows.ts';
import {
  type FuzzRequest,
  isPortugueseMessage,
  type Operation,
  operationsOf,
  requestArbitrary,
} from './openapi-fuzz.ts';

/**
 * Schema-driven fuzzing (docs/decisions/0010): for every operation of the OpenAPI document and
 * every role, generated bad requests. None may answer 5xx (other than an upstream's or the PIX
 * provider's own trouble), every refusal is {error, code} in Portuguese, an anonymous call to a
 * guarded route is 401 whatever it sends, a non-strict id touches nothing, and a refused request
 * writes nothing. FUZZ_SEED replays a run; FUZZ_RUNS changes how many requests per operation.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 64);
const MIN_REQUESTS = 5_000;

/** 5xx that report real trouble of something outside the panel, not of the request. */
const OUTSIDE_TROUBLE = new Set([
  'MODULE_MAINTENANCE',
  'UPSTREAM_ERROR',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_UNAVAILABLE',
  'PIX_PROVIDER_ERROR',
  'PIX_NOT_CONFIGURED',
]);
/** Refusals the router gives before any hook runs (so before authentication). */
const BEFORE_ROUTING = new Set(['ROUTE_NOT_FOUND', 'BAD_URL', 'URI_TOO_LONG']);
/** Codes after which an actor signs in again (a fuzzed call may legitimately end its session). */
const SESSION_GONE = new Set(['SESSION_ENDED', 'SESSION_EVICTED', 'INVALID_TOKEN', 'TOKEN_EXPIRED']);

/**
 * Left out, each for a reason that is not bad input: the demo provider's /falha answers 500 and
 * /lento waits up to a minute on purpose (they stand in for a failing provider), and the
 * Server-Sent Events streams never end for a signed-in caller.
 */
function skipped(operation: Operation, role: Role): boolean {
  if (operation.path.startsWith('/demo-api/falha/') || operation.path.startsWith('/demo-api/lento/'))
    return true;
  return /\/(events|eventos)$/.test(operation.path) && role !== 'anonymous';
}

type Role = 'anonymous' | 'forged' | 'usuario' | 'revendedor' | 'admin';
const ROLES: Role[] = ['anonymous', 'forged', 'usuario', 'revendedor', 'admin'];

interface Actor {
  email: string;
  senha: string;
  signed: SignedIn;
}

const database = await createTestDatabase();
const app = await createTestApp(database, {
  // A PIX provider switched to Mercado Pago by a fuzzed settings call must not reach the internet.
  MERCADOPAGO_API_URL: 'http://127.0.0.1:9',
  PIX_POLL_INTERVAL_MS: '0',
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const usuario = await registerUser(app);
const revendedor = await createReseller(app, database.db, { creditsCents: 50_000 });
const actors: Record<'usuario' | 'revendedor' | 'admin', Actor> = {
  admin: { email: ADMIN.email, senha: ADMIN.senha, signed: await signIn(app, ADMIN.email, ADMIN.senha) },
  usuario: { email: usuario.email, senha: usuario.senha, signed: usuario },
  revendedor: { email: revendedor.email, senha: revendedor.senha, signed: revendedor },
};
const actorIds = new Set(Object.values(actors).map((actor) => actor.signed.userId));

// Users the fuzzed calls may change or delete: some are the reseller's clients, with credits.
const victims: number[] = [];
for (let index = 0; index < 8; index += 1) {
  victims.push(
    await insertUser(database.db, {
      creditsCents: index * 1_000,
      ...(index % 2 === 0 ? { revendedorId: revendedor.userId } : {}),
    }),
  );
}
const [known] = rowsOf<{ modules: number[] | null; plans: number[] | null }>(
  await database.db.execute(
    sql`select (select array_agg(id) from modulos) as modules, (select array_agg(id) from plans) as plans`,
  ),
);
const targets = {
  ids: [...new Set([...victims, ...(known?.modules ?? []), ...(known?.plans ?? [])])].filter(
    (id) => !actorIds.has(id),
  ),
};

const documentResponse = await app.inject({ method: 'GET', url: '/api/docs/json' });
const operations = operationsOf(documentResponse.json());

function headersFor(role: Role, request: FuzzRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  if (request.contentType) headers['content-type'] = request.contentType;
  if (role === 'forged') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.e30.';
  else if (role !== 'anonymous') headers.authorization = actors[role].signed.headers.authorization;
  return headers;
}

let sent = 0;
const answered = new Map<number, number>();
const findings: string[] = [];

/** Sends one generated request and returns what is wrong with the answer ('' when nothing is). */
async function check(operation: Operation, role: Role, request: FuzzRequest): Promise<string> {
  const before = await rowCounts(database.db);
  sent += 1;
  let response: Awaited<ReturnType<typeof app.inject>>;
  try {
    response = await app.inject({
      method: request.method,
      url: request.url,
      headers: headersFor(role, request),
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
  } catch (error) {
    return `the connection failed: ${String(error)}`;
  }
  const status = response.statusCode;
  answered.set(status, (answered.get(status) ?? 0) + 1);
  let body: { error?: unknown; code?: unknown; fields?: Record<string, unknown> } = {};
  if (status >= 400) {
    try {
      body = response.json();
    } catch {
      return `${status} without a JSON body: ${response.body.slice(0, 200)}`;
    }
  }
  const code = typeof body.code === 'string' ? body.code : '';
  if (role !== 'anonymous' && role !== 'forged' && SESSION_GONE.has(code)) {
    const actor = actors[role];
    actor.signed = await signIn(app, actor.email, actor.senha);
  }
  if (
    status === 200 &&
    operation.method === 'PUT' &&
    operation.path === '/api/profile' &&
    role !== 'anonymous' &&
    role !== 'forged'
  ) {
    actors[role].email = response.json<{ user: { email: string } }>().user.email;
  }

  if (status >= 500 && !OUTSIDE_TROUBLE.has(code)) return `${status} ${response.body.slice(0, 300)}`;
  const isProvider = operation.path.startsWith('/demo-api/');
  if (status >= 400) {
    if (!isPortugueseMessage(body.error))
      return `${status} error not in Portuguese: ${response.body.slice(0, 300)}`;
    // The demo provider stands in for an outside provider: its own refusals carry no code.
    if (!code && !(isProvider && status === 404))
      return `${status} without a code: ${response.body.slice(0, 300)}`;
    for (const [field, message] of Object.entries(body.fields ?? {})) {
      if (!isPortugueseMessage(message))
        return `${status} field ${field} not in Portuguese: ${String(message)}`;
    }
  }
  if (operation.secured && role === 'anonymous' && status !== 401 && !BEFORE_ROUTING.has(code)) {
    return `anonymous call answered ${status} before 401: ${response.body.slice(0, 200)}`;
  }
  if (!request.canonicalIds && status < 400) return `a non-strict id was accepted (${status})`;
  if (status >= 400) {
    const after = await rowCounts(database.db);
    if (after !== before) return `refused with ${status} ${code} but rows changed: ${before} -> ${after}`;
  }
  return '';
}

/** Signed-in roles more often: their requests get past authentication to the schemas and the database. */
function roleArbitrary(roles: Role[]): fc.Arbitrary<Role> {
  const weights: Record<Role, number> = { anonymous: 1, forged: 1, usuario: 2, revendedor: 2, admin: 3 };
  return fc.oneof(...roles.map((role) => ({ weight: weights[role], arbitrary: fc.constant(role) })));
}

describe(`API fuzz (seed ${SEED})`, () => {
  console.info(`API fuzz: seed ${SEED}, ${RUNS_PER_OPERATION} requests per operation (FUZZ_SEED to replay)`);

  operations.forEach((operation, index) => {
    const roles = ROLES.filter((role) => !skipped(operation, role));
    it.skipIf(roles.length === 0)(`${operation.method} ${operation.path}`, async () => {
      const property = fc.asyncProperty(
        roleArbitrary(roles),
        requestArbitrary(operation, targets),
        async (role, request) => {
          const problem = await check(operation, role, request);
          if (problem) findings.push(`${operation.method} ${operation.path} as ${role}: ${problem}`);
          expect(problem, `${request.method} ${request.url.slice(0, 300)} as ${role}`).toBe('');
        },
      );
      await fc.assert(property, { seed: SEED + index, numRuns: RUNS_PER_OPERATION });
    });
  });

  it(`sends at least ${MIN_REQUESTS} requests, after which the server answers and every balance is its ledger`, async () => {
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const mismatched = rowsOf<{ id: number }>(
      await database.db.execute(sql`select u.id from users u
        left join (select user_id, sum(amount_cents) as total from credit_ledger group by user_id) l on l.user_id = u.id
        where u.creditos_cents <> coalesce(l.total, 0)`),
    );
    expect(mismatched).toEqual([]);
    const pending = rowsOf<{ n: string | number }>(
      await database.db.execute(sql`select count(*) as n from consultas where status = 'pendente'`),
    );
    expect(Number(pending[0]?.n)).toBe(0);
    const byStatus = [...answered].sort(([a], [b]) => a - b).map(([status, count]) => `${status}: ${count}`);
    console.info(`API fuzz: ${sent} requests (${byStatus.join(', ')})`);
    if (findings.length > 0) console.info(`API fuzz findings:\n${findings.slice(0, 200).join('\n')}`);
  });
});
