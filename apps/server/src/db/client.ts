import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths.ts';

export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything queries can run on: the database itself or an open transaction. */
export type Executor = Database | Transaction;

/**
 * Work on the data that must follow a migration (filling a new index for the rows already there),
 * run after the SQL migrations at every start, under their lock: it must be idempotent, and cheap
 * once done.
 */
export type DataMigration = (db: Database) => Promise<unknown>;

export interface DatabaseHandle {
  db: Database;
  dialect: 'pglite' | 'postgres';
  /** Applies every pending migration, then the data migrations; safe when several processes start at once. */
  migrate(dataMigrations?: readonly DataMigration[]): Promise<void>;
  ping(): Promise<void>;
  /** The pool's connections on PostgreSQL, for the metrics; PGlite has one connection and no pool. */
  pool?(): { size: number; inUse: number; waiting: number };
  /**
   * A connection of the process's own, outside the pool, for what must end with the process (a
   * session-level advisory lock). On PGlite, the one connection there is.
   */
  openSession(): Promise<DatabaseSession>;
  /**
   * How the job engine (pg-boss) reaches this database: its own small pool by the same address on
   * PostgreSQL; on PGlite, statements run on the one connection there is
   * (docs/decisions/0023-batch-jobs.md).
   */
  jobs:
    | { connectionString: string }
    | { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
  close(): Promise<void>;
}

export interface DatabaseSession {
  db: Database;
  /** Calls back once if the connection is lost (never on PGlite). */
  onLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

/** Any fixed number: every process that migrates takes this advisory lock first. */
const MIGRATION_LOCK_KEY = 7_270_001;

export interface DatabaseOptions {
  /** postgres://… ; without it the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or 'memory://' for a throw-away database. */
  dataDir: string;
  poolSize?: number;
  /**
   * How long a request may wait for a connection (a new one or a free one from the pool) before
   * the database counts as unreachable: a short wait, so an outage is a quick 503, not a hang.
   */
  connectTimeoutMs?: number;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 2_000;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    return openPostgres(
      options.databaseUrl,
      options.poolSize ?? 10,
      options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    );
  }
  return openPglite(options.dataDir);
}

/**
 * The server drops a dedicated session's socket within about 25 s of its peer vanishing without a
 * word (a host powered off), so what the session locks is freed for the survivors.
 */
const SESSION_KEEPALIVES = '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3';

async function openPostgres(
  url: string,
  poolSize: number,
  connectTimeoutMs: number,
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
  });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool) as unknown as Database;
  return {
    db,
    dialect: 'postgres',
    jobs: { connectionString: url },
    async migrate(dataMigrations = []) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const locked = drizzleNodePg(client);
        await migrateNodePg(locked, { migrationsFolder });
        for (const dataMigration of dataMigrations) await dataMigration(locked as unknown as Database);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    pool: () => ({ size: poolSize, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    async openSession() {
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: connectTimeoutMs,
        keepAlive: true,
        options: SESSION_KEEPALIVES,
      });
      let lost: ((error: Error) => void) | null = null;
      let closing = false;
      const fail = (error: Error) => {
        const listener = lost;
        lost = null;
        if (!closing) listener?.(error);
      };
      client.on('error', fail);
      client.on('end', () => fail(new Error('database session ended')));
      await client.connect();
      return {
        db: drizzleNodePg(client) as unknown as Database,
        onLost(listener) {
          lost = listener;
        },
        async close() {
          closing = true;
          await client.end().catch(() => {});
        },
      };
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  let location = dataDir;
  if (!dataDir.startsWith('memory://')) {
    location = resolve(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location, { extensions: { pg_trgm } });
  const pgliteDb = drizzlePglite(client);
  return {
    db: pgliteDb as unknown as Database,
    dialect: 'pglite',
    jobs: {
      // A statement with values runs alone; one without may be several (pg-boss's own migrations).
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values as unknown[]);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    },
    async migrate(dataMigrations = []) {
      await migratePglite(pgliteDb, { migrationsFolder });
      for (const dataMigration of dataMigrations) await dataMigration(pgliteDb as unknown as Database);
    },
    async ping() {
      await pgliteDb.execute(sql`select 1`);
    },
    async openSession() {
      return { db: pgliteDb as unknown as Database, onLost() {}, async close() {} };
    },
    async close() {
      await client.close();
    },
  };
}
