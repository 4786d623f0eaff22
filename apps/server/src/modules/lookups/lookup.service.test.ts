import { messages } from '@painel/shared/messages';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { PurposeRow } from '../../db/schema/finalidades.ts';
import type { ModuleRow } from '../../db/schema/modules.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UpstreamGateway } from '../../lib/upstream.ts';
import type { UpstreamHealth } from '../../lib/upstream-health.ts';
import type { ModuleCatalog } from '../catalog/module-catalog.ts';
import type { PurposeCatalog } from '../purposes/purpose-catalog.ts';
import { callerHasAccess, type LookupDeps, runLookup } from './lookup.service.ts';
import type { LookupWrites } from './lookup-writes.ts';
import { maskTrialResult } from './trial-mask.ts';

/**
 * The decisions of a lookup (what it charges, when it refuses, what a failure gives back), with the
 * database writes, the catalogue, the provider and its breaker replaced by recorders; the database
 * tests beside this file run the same flow end to end.
 */

const DAY = 86_400_000;
const ANSWER = { cpf: '12345678909', nome: 'Ana Maria Souza' };

function moduleRow(fields: Partial<ModuleRow> = {}): ModuleRow {
  return {
    id: 7,
    nome: 'CPF Completo',
    descricao: 'Dados de um CPF',
    apiUrl: 'https://provedor.test/cpf/{cpf}',
    imagemUrl: null,
    tipoLimite: 'quantidade',
    precoCents: 250,
    timeoutSegundos: 12,
    ativo: true,
    manutencao: false,
    limitePadraoQuantidade: 5,
    limiteEfetivoQuantidade: null,
    ordem: 0,
    camposEntrada: [{ nome: 'cpf', tipo: 'string', obrigatorio: true, mascara: '000.000.000-00' }],
    headers: { 'x-token': 'segredo' },
    mascararPorPadrao: false,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...fields,
  } as ModuleRow;
}

/** An active purpose whose lookups may show a minor's data (id 5). */
const CHILD_PROTECTION = {
  id: 5,
  nome: 'Proteção de criança',
  baseLegal: 'VII',
  ativo: true,
  permiteMenores: true,
  createdAt: new Date(0),
  updatedAt: new Date(0),
} satisfies PurposeRow;

/** The active purpose every request below names (id 1). */
const CREDIT_ANALYSIS = {
  id: 1,
  nome: 'Análise de crédito',
  baseLegal: 'X',
  ativo: true,
  permiteMenores: false,
  createdAt: new Date(0),
  updatedAt: new Date(0),
} satisfies PurposeRow;

interface Setup {
  module?: ModuleRow | undefined;
  /** settings.exigir_finalidade; on unless said. */
  purposeRequired?: boolean;
  trialLimit?: number;
  reserved?: number | null;
  completed?: boolean;
  open?: boolean;
  allow?: boolean;
  upstream?: () => Promise<{ body: unknown; latencyMs: number }>;
}

function setup(options: Setup = {}) {
  const reserved = 'reserved' in options ? options.reserved : 41;
  const writes = {
    reserveCredits: vi.fn<LookupWrites['reserveCredits']>(async () => reserved ?? null),
    reserveTrial: vi.fn<LookupWrites['reserveTrial']>(async () => reserved ?? null),
    reserveQuota: vi.fn<LookupWrites['reserveQuota']>(async () => reserved ?? null),
    complete: vi.fn<LookupWrites['complete']>(async () =>
      options.completed === false ? null : { costCents: 250, balanceCents: 750 },
    ),
    fail: vi.fn(async () => {}),
    settle: vi.fn(async () => 0),
  } satisfies LookupWrites;
  const health = {
    isOpen: vi.fn(() => options.open ?? false),
    isClosed: vi.fn(() => !options.open),
    allow: vi.fn(() => options.allow ?? true),
    record: vi.fn(async () => {}),
    report: vi.fn(),
  };
  const upstream = {
    call: vi.fn(options.upstream ?? (async () => ({ body: ANSWER, latencyMs: 42 }))),
    close: vi.fn(async () => {}),
  };
  const onFinished = vi.fn();
  // trialLimit reads one row of settings; nothing else here touches the database.
  const db = {
    select: () => ({ from: () => ({ limit: async () => [{ trialLimit: options.trialLimit ?? 3 }] }) }),
  } as unknown as Database;
  const module = 'module' in options ? options.module : moduleRow();
  const purposes: PurposeCatalog = {
    rules: async () => ({
      required: options.purposeRequired ?? true,
      active: new Map<number, PurposeRow>([
        [CREDIT_ANALYSIS.id, CREDIT_ANALYSIS],
        [CHILD_PROTECTION.id, CHILD_PROTECTION],
      ]),
    }),
    changed: () => {},
    close: () => {},
  };
  const deps: LookupDeps = {
    db,
    catalog: {
      get: async () => module,
      all: async () => [],
      invalidate: () => {},
      version: () => 0,
    } as ModuleCatalog,
    purposes,
    upstream: upstream as unknown as UpstreamGateway,
    health: health as unknown as UpstreamHealth,
    writes,
    retentionDays: 30,
    onFinished,
  };
  return { deps, writes, health, upstream, onFinished };
}

const subscriber = (modulos: Record<string, { limite: number | null }> = {}) => ({
  userId: 3,
  access: { dataExpiracao: new Date(Date.now() + DAY), subscriptionEndsAt: null, modulos },
});
const inTrial = { userId: 3, access: { dataExpiracao: null, subscriptionEndsAt: null, modulos: {} } };
const request = { modulo_id: 7, input: { cpf: '123.456.789-09' }, finalidade_id: CREDIT_ANALYSIS.id };

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('callerHasAccess', () => {
  const now = Date.parse('2026-01-10T12:00:00Z');
  const access = (dataExpiracao: string | null, subscriptionEndsAt: string | null) =>
    callerHasAccess(
      {
        dataExpiracao: dataExpiracao ? new Date(dataExpiracao) : null,
        subscriptionEndsAt: subscriptionEndsAt ? new Date(subscriptionEndsAt) : null,
        modulos: {},
      },
      now,
    );
  it('needs a subscription or a data_expiracao strictly after now', () => {
    expect(access('2026-01-10T12:00:01Z', null)).toBe(true);
    expect(access('2026-01-10T12:00:00Z', null)).toBe(false);
    expect(access(null, '2026-01-10T12:00:01Z')).toBe(true);
    expect(access(null, '2026-01-10T12:00:00Z')).toBe(false);
    expect(access('2026-01-09T00:00:00Z', '2026-01-11T00:00:00Z')).toBe(true);
    expect(access('2026-01-11T00:00:00Z', '2026-01-09T00:00:00Z')).toBe(true);
    expect(access(null, null)).toBe(false);
  });
});

describe('runLookup: what is reserved', () => {
  it('a subscriber on a quantity module takes a quota slot of the module limit and gets the answer whole', async () => {
    const { deps, writes, health, upstream, onFinished } = setup();
    const outcome = await runLookup(deps, subscriber(), request);

    expect(outcome).toEqual({
      id: 41,
      status: 'sucesso',
      retorno: ANSWER,
      mascarado: false,
      menor_de_idade: false,
      revelavel: false,
      trial: false,
    });
    expect(writes.reserveQuota).toHaveBeenCalledWith(3, 5, {
      moduloId: 7,
      moduloNome: 'CPF Completo',
      moduloDescricao: 'Dados de um CPF',
      input: { cpf: '12345678909' },
      inputTypes: null,
      purposeId: 1,
      justification: null,
      // Run in the panel, not with an API key.
      apiKeyPrefix: null,
      retentionDays: 30,
    });
    expect(writes.reserveCredits).not.toHaveBeenCalled();
    expect(writes.reserveTrial).not.toHaveBeenCalled();
    expect(upstream.call).toHaveBeenCalledWith({
      apiUrl: 'https://provedor.test/cpf/{cpf}',
      input: { cpf: '12345678909' },
      headers: { 'x-token': 'segredo' },
      timeoutMs: 12_000,
    });
    expect(health.record).toHaveBeenCalledWith(7, true, 42);
    expect(writes.complete).toHaveBeenCalledWith({
      id: 41,
      resultJson: JSON.stringify(ANSWER),
      latencyMs: 42,
      retentionDays: 30,
    });
    expect(onFinished).toHaveBeenCalledWith({
      id: 41,
      userId: 3,
      moduleId: 7,
      status: 'sucesso',
      costCents: 250,
    });
    expect(writes.fail).not.toHaveBeenCalled();
  });

  it("uses the user's own limit over the module's, where null is unlimited", async () => {
    const first = setup();
    await runLookup(first.deps, subscriber({ 7: { limite: 2 } }), request);
    expect(first.writes.reserveQuota.mock.calls[0]?.[1]).toBe(2);

    const second = setup();
    await runLookup(second.deps, subscriber({ 7: { limite: null } }), request);
    expect(second.writes.reserveQuota.mock.calls[0]?.[1]).toBeNull();
  });

  it('a subscription alone gives access', async () => {
    const { deps, writes } = setup();
    const caller = {
      userId: 3,
      access: { dataExpiracao: null, subscriptionEndsAt: new Date(Date.now() + DAY), modulos: {} },
    };
    expect((await runLookup(deps, caller, request)).trial).toBe(false);
    expect(writes.reserveQuota).toHaveBeenCalled();
  });

  it('refuses a limit of 0 as no access and a full quota as exceeded', async () => {
    const blocked = setup({ module: moduleRow({ limiteEfetivoQuantidade: 0 }) });
    const noQuota = await refusal(runLookup(blocked.deps, subscriber(), request));
    expect([noQuota.code, noQuota.message]).toEqual(['NO_QUOTA', messages.noQuota]);
    expect(blocked.writes.reserveQuota).not.toHaveBeenCalled();

    const full = setup({ reserved: null });
    const exceeded = await refusal(runLookup(full.deps, subscriber(), request));
    expect([exceeded.code, exceeded.message]).toEqual(['QUOTA_EXCEEDED', messages.quotaExceeded]);
    expect(full.upstream.call).not.toHaveBeenCalled();
  });

  it('a credit module debits its price, and refuses when the credits do not cover it', async () => {
    const paid = setup({ module: moduleRow({ tipoLimite: 'creditos' }) });
    expect((await runLookup(paid.deps, subscriber(), request)).trial).toBe(false);
    expect(paid.writes.reserveCredits).toHaveBeenCalledWith({
      userId: 3,
      priceCents: 250,
      lookup: expect.objectContaining({ moduloId: 7, input: { cpf: '12345678909' } }),
    });
    expect(paid.writes.reserveQuota).not.toHaveBeenCalled();

    const short = setup({ module: moduleRow({ tipoLimite: 'creditos' }), reserved: null });
    const error = await refusal(runLookup(short.deps, subscriber(), request));
    expect([error.code, error.message]).toEqual(['INSUFFICIENT_CREDITS', messages.insufficientCredits]);
    expect(short.upstream.call).not.toHaveBeenCalled();
  });

  it('a credit module is not part of the trial', async () => {
    const { deps, writes } = setup({ module: moduleRow({ tipoLimite: 'creditos' }) });
    const error = await refusal(runLookup(deps, inTrial, request));
    expect([error.code, error.message]).toEqual(['TRIAL_NOT_ALLOWED', messages.trialNotForCreditModules]);
    expect(writes.reserveCredits).not.toHaveBeenCalled();
  });

  it('without access a quantity module uses a trial slot and the answer comes back masked, with a note', async () => {
    const { deps, writes } = setup({ trialLimit: 4 });
    const outcome = await runLookup(deps, inTrial, request);
    expect(writes.reserveTrial).toHaveBeenCalledWith(3, 4, expect.objectContaining({ moduloId: 7 }));
    expect(writes.reserveQuota).not.toHaveBeenCalled();
    expect(outcome).toEqual({
      id: 41,
      status: 'sucesso',
      retorno: maskTrialResult(ANSWER),
      mascarado: true,
      menor_de_idade: false,
      revelavel: false,
      trial: true,
      aviso: messages.trialResultNote,
    });
    expect(JSON.stringify(outcome.retorno)).not.toContain('12345678909');
    expect(writes.complete.mock.calls[0]?.[0]?.resultJson).toBe(JSON.stringify(maskTrialResult(ANSWER)));
  });

  it('a trial limit of 0 or a used-up trial is refused as exhausted', async () => {
    const off = setup({ trialLimit: 0 });
    const disabled = await refusal(runLookup(off.deps, inTrial, request));
    expect([disabled.code, disabled.message]).toEqual(['TRIAL_EXHAUSTED', messages.trialExhausted]);
    expect(off.writes.reserveTrial).not.toHaveBeenCalled();

    const used = setup({ reserved: null });
    expect((await refusal(runLookup(used.deps, inTrial, request))).code).toBe('TRIAL_EXHAUSTED');
  });
});

describe('runLookup: refusals before anything is reserved', () => {
  it('an unknown or inactive module is not found; one in maintenance says so', async () => {
    for (const module of [undefined, moduleRow({ ativo: false })]) {
      const { deps, writes } = setup({ module });
      const error = await refusal(runLookup(deps, subscriber(), request));
      expect([error.code, error.message]).toEqual(['NOT_FOUND', messages.moduleNotFound]);
      expect(writes.reserveQuota).not.toHaveBeenCalled();
    }
    const resting = setup({ module: moduleRow({ manutencao: true }) });
    const error = await refusal(runLookup(resting.deps, subscriber(), request));
    expect([error.code, error.message]).toEqual(['MODULE_MAINTENANCE', messages.moduleMaintenance]);
  });

  it('names each bad field under input.<field>', async () => {
    const { deps, writes } = setup();
    const error = await refusal(runLookup(deps, subscriber(), { ...request, input: { cpf: '123' } }));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.extras.fields).toEqual({ 'input.cpf': messages.fillAllDigits });
    expect(writes.reserveQuota).not.toHaveBeenCalled();
  });

  it('a value that would leave its path segment is refused', async () => {
    const { deps } = setup({
      module: moduleRow({
        camposEntrada: [{ nome: 'q', tipo: 'text', obrigatorio: true, mascara: null }],
        apiUrl: '/demo-api/{q}',
      }),
    });
    const error = await refusal(runLookup(deps, subscriber(), { ...request, input: { q: '..' } }));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(Object.keys(error.extras.fields ?? {})).toEqual(['input.q']);
  });

  it('a lookup without an active purpose, while one is required, names finalidade_id', async () => {
    for (const finalidade_id of [undefined, null, 2]) {
      const { deps, writes, upstream } = setup({ module: moduleRow({ tipoLimite: 'creditos' }) });
      const error = await refusal(runLookup(deps, subscriber(), { ...request, finalidade_id }));
      expect([error.code, error.message]).toEqual(['VALIDATION_ERROR', messages.purposeRequired]);
      expect(error.extras.fields).toEqual({ finalidade_id: messages.purposeRequired });
      expect(writes.reserveCredits).not.toHaveBeenCalled();
      expect(upstream.call).not.toHaveBeenCalled();
    }
  });

  it('a missing purpose is named beside the bad input fields', async () => {
    const { deps } = setup();
    const error = await refusal(runLookup(deps, subscriber(), { modulo_id: 7, input: { cpf: '123' } }));
    expect(error.extras.fields).toEqual({
      'input.cpf': messages.fillAllDigits,
      finalidade_id: messages.purposeRequired,
    });
  });

  it('with the requirement off a lookup may name no purpose, but one it names must be active', async () => {
    const none = setup({ purposeRequired: false });
    await runLookup(none.deps, subscriber(), { ...request, finalidade_id: undefined });
    expect(none.writes.reserveQuota.mock.calls[0]?.[2]).toMatchObject({ purposeId: null });

    const unknown = setup({ purposeRequired: false });
    const error = await refusal(runLookup(unknown.deps, subscriber(), { ...request, finalidade_id: 2 }));
    expect(error.extras.fields).toEqual({ finalidade_id: messages.purposeRequired });
    expect(unknown.writes.reserveQuota).not.toHaveBeenCalled();
  });

  it('the purpose and the justification go with the reservation', async () => {
    const { deps, writes } = setup({ trialLimit: 4 });
    await runLookup(deps, inTrial, { ...request, justificativa: 'Pedido de crédito nº 123' });
    expect(writes.reserveTrial.mock.calls[0]?.[2]).toMatchObject({
      purposeId: 1,
      justification: 'Pedido de crédito nº 123',
    });
  });

  it('a resting provider is refused before reserving', async () => {
    const { deps, writes } = setup({ open: true });
    const error = await refusal(runLookup(deps, subscriber(), request));
    expect([error.code, error.message]).toEqual(['UPSTREAM_UNAVAILABLE', messages.upstreamUnavailable]);
    expect(writes.reserveQuota).not.toHaveBeenCalled();
  });
});

describe('runLookup: a failure gives back what it reserved', () => {
  it('when another lookup is probing the resting provider', async () => {
    const { deps, writes, upstream, onFinished } = setup({ allow: false });
    const error = await refusal(runLookup(deps, subscriber(), request));
    expect([error.code, error.message]).toEqual(['UPSTREAM_UNAVAILABLE', messages.upstreamUnavailable]);
    expect(writes.fail).toHaveBeenCalledWith(41, 'UPSTREAM_UNAVAILABLE');
    expect(onFinished).toHaveBeenCalledWith({
      id: 41,
      userId: 3,
      moduleId: 7,
      status: 'falha',
      errorCode: 'UPSTREAM_UNAVAILABLE',
    });
    expect(upstream.call).not.toHaveBeenCalled();
  });

  it('a provider error is passed on, counted against the provider and the lookup failed', async () => {
    const timeout = new AppError('UPSTREAM_TIMEOUT', messages.upstreamTimeout);
    const { deps, writes, health, onFinished } = setup({ upstream: () => Promise.reject(timeout) });
    expect(await refusal(runLookup(deps, subscriber(), request))).toBe(timeout);
    expect(health.record).toHaveBeenCalledWith(7, false, null);
    expect(writes.fail).toHaveBeenCalledWith(41, 'UPSTREAM_TIMEOUT');
    expect(writes.complete).not.toHaveBeenCalled();
    expect(onFinished).toHaveBeenCalledWith({
      id: 41,
      userId: 3,
      moduleId: 7,
      status: 'falha',
      errorCode: 'UPSTREAM_TIMEOUT',
    });
  });

  it('"no result" and a blocked address are failures but not outages', async () => {
    for (const code of ['NOT_FOUND', 'UPSTREAM_BLOCKED'] as const) {
      const answer = new AppError(code, 'x');
      const { deps, writes, health } = setup({ upstream: () => Promise.reject(answer) });
      expect(await refusal(runLookup(deps, subscriber(), request))).toBe(answer);
      expect(health.record).toHaveBeenCalledWith(7, true, null);
      expect(writes.fail).toHaveBeenCalledWith(41, code);
    }
  });

  it('an unexpected error is an upstream error to the user', async () => {
    const { deps, writes, health } = setup({
      upstream: () => Promise.reject(new TypeError('socket hang up')),
    });
    const error = await refusal(runLookup(deps, subscriber(), request));
    expect([error.code, error.message]).toEqual(['UPSTREAM_ERROR', messages.upstreamError]);
    expect(health.record).toHaveBeenCalledWith(7, false, null);
    expect(writes.fail).toHaveBeenCalledWith(41, 'UPSTREAM_ERROR');
  });

  it('tells the caller what the completed lookup cost and the balance its completion read', async () => {
    const { deps } = setup();
    const charged = vi.fn();
    await runLookup(deps, subscriber(), request, { onCharged: charged });
    expect(charged).toHaveBeenCalledExactlyOnceWith({ costCents: 250, balanceCents: 750 });

    const failing = setup({ upstream: () => Promise.reject(new TypeError('socket hang up')) });
    const unpaid = vi.fn();
    await refusal(runLookup(failing.deps, subscriber(), request, { onCharged: unpaid }));
    expect(unpaid).not.toHaveBeenCalled();
  });

  it('an answer that came after the lookup was released is a timeout, not a success', async () => {
    const { deps, onFinished } = setup({ completed: false });
    const error = await refusal(runLookup(deps, subscriber(), request));
    expect([error.code, error.message]).toEqual(['UPSTREAM_TIMEOUT', messages.upstreamTimeout]);
    expect(onFinished).not.toHaveBeenCalled();
  });
});

describe('runLookup without a dashboard listening', () => {
  it('finishes a lookup and fails one all the same', async () => {
    const ok = setup();
    ok.deps.onFinished = undefined;
    expect((await runLookup(ok.deps, subscriber(), request)).status).toBe('sucesso');

    const failing = setup({ upstream: () => Promise.reject(new TypeError('socket hang up')) });
    failing.deps.onFinished = undefined;
    expect((await refusal(runLookup(failing.deps, subscriber(), request))).code).toBe('UPSTREAM_ERROR');
    expect(failing.writes.fail).toHaveBeenCalledWith(41, 'UPSTREAM_ERROR');
  });
});

describe('runLookup: how the answer shows the result (docs/product/reveal-and-minors.md)', () => {
  /** Born on 1 March of the year 10 years ago: under 18 today. */
  const child = { ...ANSWER, dataNascimento: `${new Date().getUTCFullYear() - 10}-03-01` };

  it('a module that masks by default stores the result whole and answers it masked, revealable', async () => {
    const { deps, writes } = setup({ module: moduleRow({ mascararPorPadrao: true }) });
    const outcome = await runLookup(deps, subscriber(), request);
    expect(outcome).toMatchObject({ retorno: maskTrialResult(ANSWER), mascarado: true, revelavel: true });
    expect(JSON.stringify(outcome.retorno)).not.toContain('12345678909');
    expect(writes.complete.mock.calls[0]?.[0]?.resultJson).toBe(JSON.stringify(ANSWER));
  });

  it("a minor's data is masked, and not revealable, unless the purpose permits minors", async () => {
    const refused = setup({ upstream: async () => ({ body: child, latencyMs: 5 }) });
    const outcome = await runLookup(refused.deps, subscriber(), request);
    expect(outcome).toMatchObject({
      retorno: maskTrialResult(child),
      mascarado: true,
      menor_de_idade: true,
      revelavel: false,
    });
    expect(refused.writes.complete.mock.calls[0]?.[0]?.resultJson).toBe(JSON.stringify(child));

    const permitted = setup({ upstream: async () => ({ body: child, latencyMs: 5 }) });
    const shown = await runLookup(permitted.deps, subscriber(), {
      ...request,
      finalidade_id: CHILD_PROTECTION.id,
    });
    expect(shown).toMatchObject({ retorno: child, mascarado: false, menor_de_idade: true, revelavel: false });
  });

  it('a lookup without a purpose does not permit minors', async () => {
    const { deps } = setup({ purposeRequired: false, upstream: async () => ({ body: child, latencyMs: 5 }) });
    const outcome = await runLookup(deps, subscriber(), { ...request, finalidade_id: null });
    expect(outcome).toMatchObject({ mascarado: true, menor_de_idade: true, revelavel: false });
  });
});
