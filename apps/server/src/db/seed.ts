import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/password.ts';
import type { Database, Executor } from './client.ts';
import { demoModules } from './demo-modules.ts';
import { modules } from './schema/modules.ts';
import { plans } from './schema/plans.ts';
import { internalState, settings } from './schema/settings.ts';
import { users } from './schema/users.ts';

export interface SeedOptions {
  adminEmail: string;
  adminPassword?: string | undefined;
  /** The demo catalogue points at the built-in provider, so it is seeded only where that runs. */
  demoModules?: boolean;
}

export interface SeedReport {
  /** Set only when this run created the admin with a generated password, to be printed once. */
  generatedAdminPassword?: string;
  createdAdmin: boolean;
}

const sandboxPlans = [
  {
    name: 'Semanal',
    description: 'Acesso completo por 7 dias',
    priceCents: 2990,
    durationValue: 7,
    durationUnit: 'days' as const,
    metadata: { benefits: ['Todos os módulos por quantidade', 'Suporte por WhatsApp'] },
  },
  {
    name: 'Mensal',
    description: 'Acesso completo por 1 mês',
    priceCents: 8990,
    durationValue: 1,
    durationUnit: 'months' as const,
    metadata: { benefits: ['Todos os módulos por quantidade', 'Suporte prioritário', 'Histórico completo'] },
  },
  {
    name: 'Anual',
    description: 'Acesso completo por 1 ano, 2 acessos simultâneos',
    priceCents: 79_900,
    durationValue: 1,
    durationUnit: 'years' as const,
    allowedConcurrentIps: 2,
    metadata: {
      benefits: ['Todos os módulos por quantidade', '2 dispositivos ao mesmo tempo', 'Suporte prioritário'],
    },
  },
];

const SEED_LOCK_KEY = 7_270_002;

/** First-start data. Inserts only what is missing; never overwrites. */
export function seed(db: Database, options: SeedOptions): Promise<SeedReport> {
  return db.transaction(async (tx) => {
    // Several processes may start together on one PostgreSQL: one seeds, the others see its rows.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    return seedMissing(tx, options);
  });
}

async function seedMissing(db: Executor, options: SeedOptions): Promise<SeedReport> {
  const report: SeedReport = { createdAdmin: false };

  await db.insert(settings).values({ id: 1 }).onConflictDoNothing();

  const email = options.adminEmail.toLowerCase();
  const existingAdmin = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existingAdmin.length === 0) {
    const password = options.adminPassword ?? randomBytes(12).toString('base64url');
    const inserted = await db
      .insert(users)
      .values({ nome: 'Administrador', email, senhaHash: await hashPassword(password), tipo: 'admin' })
      .onConflictDoNothing()
      .returning({ id: users.id });
    report.createdAdmin = inserted.length > 0;
    if (report.createdAdmin && !options.adminPassword) report.generatedAdminPassword = password;
  }

  const anyPlan = await db.select({ id: plans.id }).from(plans).limit(1);
  if (anyPlan.length === 0) await db.insert(plans).values(sandboxPlans);

  if (options.demoModules === false) return report;
  // Demo modules once per database: an admin who deletes them does not see them come back.
  const marked = await db
    .insert(internalState)
    .values({ name: 'seed:demo-modules', value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (marked.length > 0 && (await db.$count(modules)) === 0) {
    await db
      .insert(modules)
      .values(
        demoModules.map((module, index) => ({ ...module, ordem: (index + 1) * 10, timeoutSegundos: 30 })),
      );
  }

  return report;
}
