import { isIP } from 'node:net';
import { canonicalIpRange } from '@painel/shared/rules/ip-ranges';
import { z } from 'zod';
import { type AllowedHost, canonicalHost } from '../lib/address-guard.ts';

const trustProxySetting = z
  .string()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    const text = value?.trim() ?? '';
    if (text === '' || text === 'false' || text === '0') return false;
    if (text === 'true') return 1;
    if (/^\d{1,2}$/.test(text)) return Number(text);
    const ranges = text.split(',').map((entry) => entry.trim());
    if (ranges.some((entry) => canonicalIpRange(entry) === null)) {
      ctx.addIssue({
        code: 'custom',
        message: 'TRUST_PROXY: false, true, a number of hops or proxy addresses/CIDRs',
      });
      return z.NEVER;
    }
    return ranges;
  });

/** `host`, `host:port`, `[ipv6]`, `[ipv6]:port` or a bare IPv6 address, as the guard compares them. */
function parseAllowedHost(entry: string): AllowedHost | null {
  if (isIP(entry) === 6) return { host: canonicalHost(new URL(`http://[${entry}]`).hostname), port: null };
  const match = /^(\[[\da-f:.]+\]|[^:[\]\s/\\@?#]+)(?::(\d{1,5}))?$/i.exec(entry);
  if (!match?.[1]) return null;
  const port = match[2] === undefined ? null : Number(match[2]);
  if (port !== null && (port < 1 || port > 65_535)) return null;
  try {
    return { host: canonicalHost(new URL(`http://${match[1]}`).hostname), port };
  } catch {
    return null;
  }
}

/**
 * The titulares index's key outside production. Written here, so anyone may compute its hashes:
 * a panel holding real people's documents must set its own DOCUMENT_HASH_SECRET (production requires it).
 */
export const DEVELOPMENT_DOCUMENT_HASH_SECRET = 'painel-development-document-hash-key-not-secret';

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Longest a request waits for a database connection before answering 503 SERVICE_UNAVAILABLE. */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
    /** Longest a request waits to connect to Redis or for its answer before doing without it. */
    REDIS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    JWT_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
    /**
     * The key of the titulares index (docs/product/titulares.md): each CPF or CNPJ a lookup carries
     * is kept as its HMAC-SHA256 under this key, never in clear. Required in production; elsewhere a
     * fixed key that is no secret, fit only for synthetic data.
     */
    DOCUMENT_HASH_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
    /** How long a process may reuse a session check; any change to the session or user drops it at once. */
    SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
    /**
     * How long a process may answer a polled call (GET /profile, /modulos/ativos,
     * /profile/trial-usage) from memory; a change the answer shows drops it at once (lib/polled-answers.ts).
     */
    POLLED_ANSWER_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
    JWT_TTL_HOURS: z.coerce
      .number()
      .positive()
      .max(24 * 30)
      .default(12),
    ADMIN_EMAIL: z.email().default('admin@painel.local'),
    ADMIN_PASSWORD: z.string().min(6, 'must have at least 6 characters').optional(),
    CAPTCHA_TEST_ANSWER: z.string().max(6).optional(),
    AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
    AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
    CAPTCHA_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(60),
    WEB_DIST_DIR: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Which proxies in front of the panel say who the client is (docs/decisions/0021): unset or
     * 'false', none (the connection's address); 'true' or a number N, the last N hops (the nearest
     * entries of X-Forwarded-For, which the panel's own proxies wrote); or addresses and CIDR ranges
     * of the proxies, comma separated. Never the leftmost entry, which the client writes itself.
     */
    TRUST_PROXY: trustProxySetting,
    /** Circuit breaker: after this many failures in the last 20 calls (50%), rest the provider this long. */
    UPSTREAM_BREAKER_COOLDOWN_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
    RESULT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Whether this process runs batch jobs (docs/product/lotes.md); off, it only takes and shows them. */
    LOTES_WORKER: z.enum(['true', 'false']).default('true'),
    /** Rows of one batch in flight at once. */
    LOTE_ROWS_IN_FLIGHT: z.coerce.number().int().min(1).max(64).default(4),
    /** The built-in synthetic provider under /demo-api and its demo modules; on by default outside production. */
    DEMO_PROVIDER: z.enum(['true', 'false', '1', '0']).optional(),
    /** Refuse upstreams on loopback/private addresses; on by default in production. */
    UPSTREAM_BLOCK_PRIVATE: z.enum(['true', 'false', '1', '0']).optional(),
    /** Mercado Pago API base (tests point it at a local stand-in). */
    MERCADOPAGO_API_URL: z
      .string()
      .regex(/^https?:\/\//, 'must start with http:// or https://')
      .default('https://api.mercadopago.com'),
    /** How often the background poller checks waiting PIX charges; 0 turns it off. */
    PIX_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
    /** A signed webhook older (or newer) than this is refused as a replay. */
    PIX_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    /** GET /metrics and the series behind it (docs/decisions/0022-metrics.md); on unless 'false' or '0'. */
    METRICS_ENABLED: z
      .enum(['true', 'false', '1', '0'])
      .default('true')
      .transform((value) => value === 'true' || value === '1'),
    /** Who may read /metrics: unset, callers on this machine only; set, only `Authorization: Bearer <token>`. */
    METRICS_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
    /** Comma-separated `host:port` (or `host`, its scheme's default port only) allowed to be non-public. */
    UPSTREAM_ALLOWED_HOSTS: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const entries = (value ?? '')
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean);
        const parsed: AllowedHost[] = [];
        for (const entry of entries) {
          const allowed = parseAllowedHost(entry);
          if (!allowed) {
            ctx.addIssue({ code: 'custom', message: `"${entry}" is not host, host:port or [ipv6]:port` });
            return z.NEVER;
          }
          parsed.push(allowed);
        }
        return parsed;
      }),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    for (const secret of ['JWT_SECRET', 'DOCUMENT_HASH_SECRET'] as const) {
      if (!env[secret])
        ctx.addIssue({ code: 'custom', path: [secret], message: 'is required when NODE_ENV=production' });
    }
    if (env.CAPTCHA_TEST_ANSWER) {
      ctx.addIssue({
        code: 'custom',
        path: ['CAPTCHA_TEST_ANSWER'],
        message: 'is a test switch and is refused when NODE_ENV=production',
      });
    }
  })
  .transform((env) => ({
    ...env,
    DOCUMENT_HASH_SECRET: env.DOCUMENT_HASH_SECRET ?? DEVELOPMENT_DOCUMENT_HASH_SECRET,
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Parses the environment once at start; names every bad variable at once. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  if (result.success) return result.data;
  const lines = result.error.issues.map(
    (issue) => `  - ${issue.path.join('.') || '(env)'}: ${issue.message}`,
  );
  throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
}
