import { businessToday } from '@painel/shared/schemas/metrics';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  createModuleViaApi,
  createTestApp,
  createTestDatabase,
  registerUser,
  runLookupViaApi,
  type SignedIn,
  signIn,
} from '../../../test/harness.ts';
import { createReseller } from '../../../test/users-fixtures.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { users } from '../../db/schema/users.ts';

let database: DatabaseHandle;
let app: FastifyInstance;
let admin: SignedIn;
let moduleId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  admin = await signIn(app, ADMIN.email, ADMIN.senha);
  moduleId = await createModuleViaApi(app, admin.headers, { api_url: '/demo-api/cpf/{cpf}' });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: object) =>
  app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function count(query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: string | number }>(await database.db.execute(query))[0]?.n);
}

/** Every counter, per scope and metric, against count(*) of the tables it stands for. */
async function counterMismatches() {
  const result = await database.db.execute(sql`
    with owners as (select id, coalesce(revendedor_id, -1) as owner from users),
    counted as (
      select scope_id, metric, sum(n) as n from (
        select owner, 'users' as metric, count(*) as n from owners group by 1
        union all
        select o.owner, 'resellers', count(*) from users u join owners o using (id) where u.tipo = 'revendedor' group by 1
        union all
        select coalesce(o.owner, -1), 'lookups', count(*) from consultas c left join owners o on o.id = c.usuario_id group by 1
        union all
        select coalesce(o.owner, -1), 'logs:' || l.tipo, count(*) from logs l left join owners o on o.id = l.user_id group by 1, 2
      ) x, lateral (values (0), (x.owner)) s(scope_id)
      group by 1, 2
      union all
      select scope_id, metric || '@' || day, sum(n) from (
        select owner, 'users' as metric, stats_day(u.data_criacao) as day, count(*) as n
        from users u join owners o using (id) group by 1, 3
        union all
        select coalesce(o.owner, -1), 'lookups', stats_day(c.created_at), count(*)
        from consultas c left join owners o on o.id = c.usuario_id group by 1, 3
      ) x, lateral (values (0), (x.owner)) s(scope_id)
      group by 1, 2
    ),
    kept as (
      select scope_id, metric, sum(n) as n from stats_totals group by 1, 2
      union all
      select scope_id, metric || '@' || day, sum(n) from stats_daily group by scope_id, metric, day
    )
    select coalesce(c.scope_id, k.scope_id) as scope_id, coalesce(c.metric, k.metric) as metric,
           c.n as counted, k.n as kept
    from counted c full join kept k on k.scope_id = c.scope_id and k.metric = c.metric
    where coalesce(c.n, 0) <> coalesce(k.n, 0)`);
  return rowsOf(result);
}

async function expectStatsEqualCounts(resellers: SignedIn[]) {
  expect(await counterMismatches()).toEqual([]);
  const today = businessToday();
  const forAdmin = (await call('GET', '/api/admin/stats', admin)).json();
  expect(forAdmin).toMatchObject({
    totalUsers: await count(sql`select count(*) as n from users`),
    totalConsultations: await count(sql`select count(*) as n from consultas`),
    consultationsToday: await count(
      sql`select count(*) as n from consultas where stats_day(created_at) = ${today}::date`,
    ),
  });
  expect((await call('GET', '/api/logs?limit=10', admin)).json().data.total).toBe(
    await count(sql`select count(*) as n from logs`),
  );
  const metrics = (await call('GET', '/api/users/metrics', admin)).json();
  expect(metrics.totalMetrics).toMatchObject({
    total_users: forAdmin.totalUsers,
    total_resellers: await count(sql`select count(*) as n from users where tipo = 'revendedor'`),
  });
  expect(metrics.daily.at(-1).lookups).toBe(forAdmin.consultationsToday);

  for (const reseller of resellers) {
    const id = reseller.userId;
    const inScope = sql`(usuario_id = ${id} or usuario_id in (select id from users where revendedor_id = ${id}))`;
    const stats = (await call('GET', '/api/admin/stats', reseller)).json();
    expect(stats).toMatchObject({
      totalUsers: await count(sql`select count(*) as n from users where revendedor_id = ${id}`),
      totalConsultations: await count(sql`select count(*) as n from consultas where ${inScope}`),
    });
    expect((await call('GET', '/api/logs?limit=10&tipo=consulta', reseller)).json().data.total).toBe(
      await count(sql`
        select count(*) as n from logs where tipo = 'consulta'
        and (user_id = ${id} or user_id in (select id from users where revendedor_id = ${id}))`),
    );
    const own = (await call('GET', '/api/users/metrics', reseller)).json();
    expect(own.totalMetrics.lookups).toBe(
      await count(sql`
        select count(*) as n from consultas
        where ${inScope} and stats_day(created_at) >= ${today}::date - 29`),
    );
  }
}

describe('stats counters', () => {
  it('stay equal to count(*) through concurrent lookups, deletions, reassignments and role changes', async () => {
    const [alfa, beta] = [await createReseller(app, database.db), await createReseller(app, database.db)];
    const people = await Promise.all(Array.from({ length: 8 }, () => registerUser(app)));
    for (const [index, person] of people.entries()) {
      // Six clients split between the two resellers (through the API, as an admin does), two without one.
      if (index < 6) {
        const revendedorId = index % 2 === 0 ? alfa.userId : beta.userId;
        expect(
          (await call('PUT', `/api/users/${person.userId}`, admin, { revendedor_id: revendedorId }))
            .statusCode,
        ).toBe(200);
      }
      await database.db
        .update(users)
        .set({ dataExpiracao: new Date(Date.now() + 86_400_000) })
        .where(eq(users.id, person.userId));
    }
    const everyone = [...people, alfa, beta];
    const lookups = (rounds: number) =>
      Array.from({ length: rounds }, (_, index) =>
        runLookupViaApi(app, everyone[index % everyone.length]!.headers, moduleId, { cpf: '529.982.247-25' }),
      );

    const [lookupResults] = await Promise.all([
      Promise.all(lookups(60)),
      // A retention-style purge of the oldest lookups while others are being written.
      (async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        await database.db.execute(
          sql`delete from consultas where id in (select id from consultas order by id limit 3)`,
        );
      })(),
      // A client moves from Alfa to Beta, another is deleted, one becomes a reseller.
      call('PUT', `/api/users/${people[0]!.userId}`, admin, { revendedor_id: beta.userId }),
      call('DELETE', `/api/users/${people[1]!.userId}`, admin),
      // Another client goes back and forth between the resellers while their lookups complete.
      (async () => {
        for (let move = 0; move < 8; move += 1) {
          const revendedorId = move % 2 === 0 ? beta.userId : alfa.userId;
          await call('PUT', `/api/users/${people[2]!.userId}`, admin, { revendedor_id: revendedorId });
        }
      })(),
      call('PUT', `/api/users/${people[6]!.userId}/role`, admin, { tipo: 'revendedor' }),
    ]);
    expect(lookupResults.filter((response) => response.statusCode === 200).length).toBeGreaterThanOrEqual(45);
    await expectStatsEqualCounts([alfa, beta]);

    // Deleting a reseller frees its clients (revendedor_id set null): their history leaves its scope.
    await Promise.all([
      ...lookups(20),
      call('DELETE', `/api/users/${beta.userId}`, admin),
      database.db.execute(sql`delete from consultas where usuario_id = ${people[2]!.userId}`),
    ]);
    expect(
      await count(sql`select coalesce(sum(n), 0) as n from stats_totals where scope_id = ${beta.userId}`),
    ).toBe(0);
    await expectStatsEqualCounts([alfa]);
    expect(await count(sql`select count(*) as n from consultas`)).toBeGreaterThan(40);
  });

  it('count active users exactly: expiries, plans, expiries cut short after a plan, ended plans', async () => {
    const reseller = await createReseller(app, database.db);
    const people = await Promise.all(Array.from({ length: 5 }, () => registerUser(app)));
    for (const person of people.slice(0, 3))
      await call('PUT', `/api/users/${person.userId}`, admin, { revendedor_id: reseller.userId });
    const [plan] = rowsOf<{ id: number }>(await database.db.execute(sql`select min(id) as id from plans`));
    const activeCount = (resellerId?: number) =>
      count(sql`
        select count(*) as n from users u
        where (u.data_expiracao > now()
               or exists (select 1 from subscriptions s where s.user_id = u.id and s.ends_at > now()))
        ${resellerId ? sql`and u.revendedor_id = ${resellerId}` : sql``}`);
    const expectExact = async () => {
      expect((await call('GET', '/api/admin/stats', admin)).json().activeUsers).toBe(await activeCount());
      expect((await call('GET', '/api/admin/stats', reseller)).json().activeUsers).toBe(
        await activeCount(reseller.userId),
      );
      expect((await call('GET', '/api/users/metrics', reseller)).json().totalMetrics.active_users).toBe(
        await activeCount(reseller.userId),
      );
    };
    await expectExact();
    const [a, b, c, d] = people;
    // Plans (with the expiry they set), days, and then expiries cut short while plans still run.
    await Promise.all([
      call('POST', `/api/users/${a!.userId}/subscription`, admin, { plan_id: plan!.id }),
      call('POST', `/api/users/${b!.userId}/subscription`, reseller, { plan_id: plan!.id }),
      call('POST', `/api/users/${d!.userId}/subscription`, admin, { plan_id: plan!.id }),
      call('POST', `/api/users/${c!.userId}/days/add`, admin, { days: 3 }),
    ]);
    await expectExact();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await Promise.all([
      call('PUT', `/api/users/${a!.userId}`, admin, { data_expiracao: yesterday }),
      call('PUT', `/api/users/${d!.userId}`, admin, { data_expiracao: '' }),
      call('PUT', `/api/users/${c!.userId}`, admin, { data_expiracao: yesterday }),
    ]);
    expect(await count(sql`select count(*) as n from stats_access_gaps`)).toBe(2);
    await expectExact();
    // The plan of a ends (as if time passed), d's expiry comes back beyond its plan, b is deleted.
    await database.db.execute(
      sql`update subscriptions set ends_at = now() - interval '1 hour' where user_id = ${a!.userId}`,
    );
    await call('POST', `/api/users/${d!.userId}/days/add`, admin, { days: 400 });
    await call('DELETE', `/api/users/${b!.userId}`, admin);
    await expectExact();
    await call('DELETE', `/api/users/${a!.userId}`, admin);
    await expectExact();
    expect(await count(sql`select count(*) as n from stats_access_gaps where user_id = ${a!.userId}`)).toBe(
      0,
    );
  });

  it('are rebuilt from the tables by stats_rebuild()', async () => {
    const before = rowsOf(
      await database.db.execute(
        sql`select scope_id, metric, sum(n)::text as n from stats_totals group by 1, 2 having sum(n) <> 0 order by 1, 2`,
      ),
    );
    await database.db.execute(sql`update stats_totals set n = n + 7`);
    expect((await counterMismatches()).length).toBeGreaterThan(0);
    await database.db.execute(sql`select stats_rebuild()`);
    expect(await counterMismatches()).toEqual([]);
    expect(
      rowsOf(
        await database.db.execute(
          sql`select scope_id, metric, sum(n)::text as n from stats_totals group by 1, 2 having sum(n) <> 0 order by 1, 2`,
        ),
      ),
    ).toEqual(before);
  });
});
