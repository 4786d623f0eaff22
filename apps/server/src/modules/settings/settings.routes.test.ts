import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, registerUser } from '../../../test/harness.ts';
import { useTestApp } from '../../../test/use-test-app.ts';
import { caller, createReseller } from '../../../test/users-fixtures.ts';
import { settings } from '../../db/schema/settings.ts';

/**
 * docs/product/admin.md#settings: the admin's trial limit, top-up minimum and maximum, and whether
 * lookups must name a purpose (docs/product/purposes.md).
 */
const testApp = useTestApp();
const call = (...args: Parameters<ReturnType<typeof caller>>) => caller(testApp.app)(...args);

const DEFAULTS = {
  easy_pix_api_key: null,
  topup_min_reais: 50,
  topup_max_reais: 5000,
  trial_limit: 10,
  exigir_finalidade: true,
};

beforeEach(async () => {
  await testApp.database.db
    .update(settings)
    .set({
      trialLimit: 10,
      topupMinCents: 5_000,
      topupMaxCents: 500_000,
      pixApiKey: null,
      exigirFinalidade: true,
    })
    .where(eq(settings.id, 1));
});

const readSettings = async () => (await call('GET', '/api/admin/settings', testApp.admin.headers)).json();
const save = (body: Record<string, unknown>) =>
  call('PUT', '/api/admin/settings', testApp.admin.headers, body);

async function settingsLogs() {
  const page = await call('GET', '/api/logs?tipo=admin_action&limit=100', testApp.admin.headers);
  expect(page.statusCode, page.body).toBe(200);
  return (page.json().data.logs as { acao: string; User: { email: string }; detalhes: unknown }[]).filter(
    (entry) => entry.acao === 'configuracoes_alteradas',
  );
}

describe('GET and PUT /api/admin/settings', () => {
  it('logs nothing for a save that changed nothing, and the change of a PIX key even when it masks alike', async () => {
    const before = (await settingsLogs()).length;
    for (const body of [{}, DEFAULTS, { trial_limit: 10 }]) {
      const saved = await save(body);
      expect(saved.statusCode, saved.body).toBe(200);
    }
    expect(await settingsLogs()).toHaveLength(before);

    expect((await save({ easy_pix_api_key: 'APP_USR-000000000000-abcd' })).statusCode).toBe(200);
    expect((await save({ easy_pix_api_key: 'APP_USR-111111111111-abcd' })).statusCode).toBe(200);
    expect(await settingsLogs()).toHaveLength(before + 2);
  });

  it('starts with a trial of 10 lookups and top-ups from R$ 50,00 to R$ 5.000,00', async () => {
    expect(await readSettings()).toEqual(DEFAULTS);
  });

  it('saves the trial limit and the top-up minimum and maximum, and logs who changed what', async () => {
    const before = (await settingsLogs()).length;
    const saved = await save({ trial_limit: 3, topup_min_reais: 20.5, topup_max_reais: 8000 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      ...DEFAULTS,
      trial_limit: 3,
      topup_min_reais: 20.5,
      topup_max_reais: 8000,
    });
    expect(await readSettings()).toEqual(saved.json());

    const entries = await settingsLogs();
    expect(entries).toHaveLength(before + 1);
    expect(entries[0]).toMatchObject({
      User: { email: ADMIN.email },
      detalhes: {
        antes: DEFAULTS,
        depois: { ...DEFAULTS, trial_limit: 3, topup_min_reais: 20.5, topup_max_reais: 8000 },
      },
    });
  });

  it('turns the purpose requirement off and on, and logs each change', async () => {
    const before = (await settingsLogs()).length;
    const off = await save({ exigir_finalidade: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ ...DEFAULTS, exigir_finalidade: false });
    expect(await readSettings()).toEqual({ ...DEFAULTS, exigir_finalidade: false });
    expect((await save({ exigir_finalidade: true })).json()).toEqual(DEFAULTS);

    const entries = await settingsLogs();
    expect(entries).toHaveLength(before + 2);
    expect(entries.map((entry) => entry.detalhes)).toEqual(
      expect.arrayContaining([
        { antes: DEFAULTS, depois: { ...DEFAULTS, exigir_finalidade: false } },
        { antes: { ...DEFAULTS, exigir_finalidade: false }, depois: DEFAULTS },
      ]),
    );
  });

  it('keeps the fields that were left out', async () => {
    expect((await save({ topup_max_reais: 150 })).statusCode).toBe(200);
    expect(await readSettings()).toEqual({ ...DEFAULTS, topup_max_reais: 150 });
    expect((await save({ trial_limit: 0 })).statusCode).toBe(200);
    expect(await readSettings()).toEqual({ ...DEFAULTS, topup_max_reais: 150, trial_limit: 0 });
  });

  it.each([
    [{ trial_limit: -1 }, 'trial_limit', 'O limite de testes deve ser um número inteiro de 0 a 1000'],
    [{ trial_limit: 1001 }, 'trial_limit', 'O limite de testes deve ser um número inteiro de 0 a 1000'],
    [{ trial_limit: 2.5 }, 'trial_limit', 'O limite de testes deve ser um número inteiro de 0 a 1000'],
    [{ trial_limit: 'dez' }, 'trial_limit', 'O limite de testes deve ser um número inteiro de 0 a 1000'],
    [{ topup_min_reais: -1 }, 'topup_min_reais', 'O valor mínimo de recarga não pode ser negativo'],
    [{ exigir_finalidade: 'sim' }, 'exigir_finalidade', 'Por favor, insira um valor válido'],
    [
      { topup_min_reais: 10.005 },
      'topup_min_reais',
      'Informe o valor em reais, com no máximo duas casas decimais',
    ],
    [
      { topup_min_reais: 'cinquenta' },
      'topup_min_reais',
      'Informe o valor em reais, com no máximo duas casas decimais',
    ],
    [{ topup_max_reais: 0 }, 'topup_max_reais', 'O valor máximo de recarga deve ser maior que zero'],
    [
      { topup_max_reais: 100_000.01 },
      'topup_max_reais',
      'O valor de recarga pode ser de no máximo R$ 100.000,00',
    ],
    [
      { topup_min_reais: 300, topup_max_reais: 200 },
      'topup_max_reais',
      'O valor máximo de recarga não pode ser menor que o mínimo (R$ 300,00)',
    ],
    [
      { topup_max_reais: 49.99 },
      'topup_max_reais',
      'O valor máximo de recarga não pode ser menor que o mínimo (R$ 50,00)',
    ],
    [
      { topup_min_reais: 5000.01 },
      'topup_min_reais',
      'O valor mínimo de recarga não pode ser maior que o máximo (R$ 5.000,00)',
    ],
  ])('refuses %j with 400 and its message, changing nothing', async (body, field, message) => {
    const before = (await settingsLogs()).length;
    const refused = await save(body);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: message,
      fields: { [field]: message },
    });
    expect(await readSettings()).toEqual(DEFAULTS);
    expect(await settingsLogs()).toHaveLength(before);
  });

  it('accepts a minimum equal to the maximum', async () => {
    expect((await save({ topup_min_reais: 100, topup_max_reais: 100 })).statusCode).toBe(200);
    expect(await readSettings()).toMatchObject({ topup_min_reais: 100, topup_max_reais: 100 });
  });

  it('refuses resellers and users with 403 and anonymous callers with 401, changing nothing', async () => {
    const reseller = await createReseller(testApp.app, testApp.database.db);
    const usuario = await registerUser(testApp.app);
    for (const { headers } of [reseller, usuario]) {
      const read = await call('GET', '/api/admin/settings', headers);
      const write = await call('PUT', '/api/admin/settings', headers, { topup_max_reais: 10 });
      expect([read.statusCode, write.statusCode]).toEqual([403, 403]);
      expect(write.json().error).toBe('Você não tem permissão para esta ação');
    }
    expect((await call('PUT', '/api/admin/settings', {}, { trial_limit: 1 })).statusCode).toBe(401);
    expect(await readSettings()).toEqual(DEFAULTS);
  });
});
