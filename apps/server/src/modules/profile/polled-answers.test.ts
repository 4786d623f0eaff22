import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createModuleViaApi, registerUser, runLookupViaApi } from '../../../test/harness.ts';
import { startUpstreamStub, type UpstreamStub } from '../../../test/upstream-stub.ts';
import { payingUser, useTestApp } from '../../../test/use-test-app.ts';
import { createReseller } from '../../../test/users-fixtures.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The calls a dashboard polls every 5 s are answered from memory between changes
 * (lib/polled-answers.ts, with the default life of 10 s): each change a user would notice shows on
 * the very next poll.
 */
const test = useTestApp();
let stub: UpstreamStub;
beforeAll(async () => {
  stub = await startUpstreamStub();
});
afterAll(async () => {
  await stub.close();
});

async function get<T>(url: string, headers: Record<string, string>): Promise<T> {
  const response = await test.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}
const credits = async (headers: Record<string, string>) =>
  (await get<{ user: { creditos: number } }>('/api/profile', headers)).user.creditos;

async function send(method: 'POST' | 'PUT', url: string, headers: Record<string, string>, payload: unknown) {
  const response = await test.app.inject({ method, url, headers, payload: payload as object });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

describe('a polled answer shows each change on the next poll', () => {
  it('credits an admin adds or removes, and a lookup’s charge', async () => {
    const user = await payingUser(test, 500);
    expect(await credits(user.headers)).toBe(5);
    expect(await credits(user.headers)).toBe(5);

    await send('POST', `/api/users/${user.userId}/credits/add`, test.admin.headers, { amount: 3 });
    expect(await credits(user.headers)).toBe(8);
    await send('POST', `/api/users/${user.userId}/credits/remove`, test.admin.headers, { amount: 1 });
    expect(await credits(user.headers)).toBe(7);

    const moduleId = await createModuleViaApi(test.app, test.admin.headers, {
      tipo_limite: 'creditos',
      preco_por_consulta: 2,
      api_url: `${stub.baseUrl}/ok/doc/{v}`,
      campos_entrada: [{ nome: 'v', tipo: 'string', obrigatorio: true }],
    });
    const ran = await runLookupViaApi(test.app, user.headers, moduleId, { v: 'x' });
    expect(ran.statusCode).toBe(200);
    expect(await credits(user.headers)).toBe(5);
  });

  it('both balances when a reseller gives a client credits, and the reseller’s new name on the client’s card', async () => {
    const reseller = await createReseller(test.app, test.database.db, { creditsCents: 1_000 });
    const client = await registerUser(test.app);
    const clientId = client.userId;
    await test.database.db
      .update(users)
      .set({ revendedorId: reseller.userId, dataExpiracao: new Date(Date.now() + 86_400_000) })
      .where(eq(users.id, clientId));
    const profileOf = (headers: Record<string, string>) =>
      get<{ user: { creditos: number; revendedor: { nome: string } | null } }>('/api/profile', headers);
    expect((await profileOf(client.headers)).user.creditos).toBe(0);
    expect(await credits(reseller.headers)).toBe(10);

    await send('POST', `/api/users/${clientId}/credits/add`, reseller.headers, { amount: 4 });
    expect(await credits(client.headers)).toBe(4);
    expect(await credits(reseller.headers)).toBe(6);

    await send('PUT', '/api/profile', reseller.headers, { nome: 'Revenda Renomeada', email: reseller.email });
    expect((await profileOf(client.headers)).user.revendedor?.nome).toBe('Revenda Renomeada');
  });

  it('the trial limit the admin sets, and a quota usage the admin resets', async () => {
    const user = await payingUser(test, 0);
    const trial = () => get<{ trial_limit: number }>('/api/profile/trial-usage', user.headers);
    const before = (await trial()).trial_limit;
    await send('PUT', '/api/admin/settings', test.admin.headers, { trial_limit: before + 7 });
    expect((await trial()).trial_limit).toBe(before + 7);
    await send('PUT', '/api/admin/settings', test.admin.headers, { trial_limit: before });

    const moduleId = await createModuleViaApi(test.app, test.admin.headers, {
      nome: 'Cota do teste',
      tipo_limite: 'quantidade',
      limite_padrao_quantidade: 5,
      api_url: `${stub.baseUrl}/ok/doc/{v}`,
      campos_entrada: [{ nome: 'v', tipo: 'string', obrigatorio: true }],
    });
    const used = async () =>
      (
        await get<{ modulos: { id: number; usado?: number }[] }>('/api/modulos/ativos', user.headers)
      ).modulos.find((module) => module.id === moduleId)?.usado;
    expect(await used()).toBe(0);
    expect((await runLookupViaApi(test.app, user.headers, moduleId, { v: 'y' })).statusCode).toBe(200);
    expect(await used()).toBe(1);
    await send('POST', `/api/users/${user.userId}/modules/reset-usage`, test.admin.headers, {
      modulo_id: moduleId,
    });
    expect(await used()).toBe(0);
  });

  it('a module the admin renames', async () => {
    const user = await payingUser(test, 0);
    const moduleId = await createModuleViaApi(test.app, test.admin.headers, {
      nome: 'Nome antigo',
      api_url: `${stub.baseUrl}/ok/doc/{cpf}`,
    });
    const nameOf = async () =>
      (
        await get<{ modulos: { id: number; nome: string }[] }>('/api/modulos/ativos', user.headers)
      ).modulos.find((module) => module.id === moduleId)?.nome;
    expect(await nameOf()).toBe('Nome antigo');
    await send('PUT', `/api/modulos/${moduleId}`, test.admin.headers, { nome: 'Nome novo' });
    expect(await nameOf()).toBe('Nome novo');
  });

  it('the active modules to a browser that holds them: 304 until a lookup changes them, then the new answer', async () => {
    const user = await payingUser(test, 0);
    const moduleId = await createModuleViaApi(test.app, test.admin.headers, {
      nome: 'Cota do navegador',
      tipo_limite: 'quantidade',
      limite_padrao_quantidade: 5,
      api_url: `${stub.baseUrl}/ok/doc/{v}`,
      campos_entrada: [{ nome: 'v', tipo: 'string', obrigatorio: true }],
    });
    const poll = (etag?: string) =>
      test.app.inject({
        method: 'GET',
        url: '/api/modulos/ativos',
        headers: { ...user.headers, ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const usedIn = (body: string) =>
      (JSON.parse(body) as { modulos: { id: number; usado?: number }[] }).modulos.find(
        (module) => module.id === moduleId,
      )?.usado;

    const first = await poll();
    expect(first.statusCode).toBe(200);
    expect(usedIn(first.body)).toBe(0);
    const held = String(first.headers.etag);
    const unchanged = await poll(held);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(held);

    expect((await runLookupViaApi(test.app, user.headers, moduleId, { v: 'z' })).statusCode).toBe(200);
    const changed = await poll(held);
    expect(changed.statusCode).toBe(200);
    expect(usedIn(changed.body)).toBe(1);
    expect(changed.headers.etag).not.toBe(held);
    expect((await poll(String(changed.headers.etag))).statusCode).toBe(304);
  });
});
