import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * With TEST_DATABASE_URL / TEST_REDIS_URL set, the database tests run against those servers, and
 * an unreachable one fails the run here instead of being skipped. Without them, PGlite is used.
 */
export default async function checkTestServices(): Promise<void> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
    try {
      await client.connect();
      await client.query('select 1');
    } catch (error) {
      throw new Error(
        `TEST_DATABASE_URL is set but PostgreSQL is unreachable (${databaseUrl}): ${String(error)}`,
      );
    } finally {
      await client.end().catch(() => {});
    }
  }
  const redisUrl = process.env.TEST_REDIS_URL;
  if (redisUrl) {
    const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5_000 });
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      throw new Error(`TEST_REDIS_URL is set but Redis is unreachable (${redisUrl}): ${String(error)}`);
    } finally {
      redis.disconnect();
    }
  }
}
