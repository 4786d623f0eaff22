import { messages } from '@painel/shared/messages';

/** Every machine code the API answers with, and its HTTP status: the one table. */
export const errorStatus = {
  VALIDATION_ERROR: 400,
  CAPTCHA_INVALID: 400,
  INVALID_JSON: 400,
  BAD_REQUEST: 400,
  BAD_URL: 400,
  WRONG_PASSWORD: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_TOKEN: 401,
  SESSION_ENDED: 401,
  SESSION_EVICTED: 401,
  API_KEY_INVALID: 401,
  API_KEY_REVOKED: 401,
  API_KEY_EXPIRED: 401,
  API_KEY_USER_BANNED: 401,
  API_KEY_USER_INACTIVE: 401,
  API_KEY_NOT_ALLOWED: 403,
  API_KEY_IP_DENIED: 403,
  API_KEY_MODULE_DENIED: 403,
  TOKEN_EXPIRED: 403,
  USER_BANNED: 403,
  USER_INACTIVE: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  INSUFFICIENT_CREDITS: 402,
  NO_ACCESS: 403,
  NO_QUOTA: 403,
  QUOTA_EXCEEDED: 403,
  TRIAL_NOT_ALLOWED: 403,
  TRIAL_EXHAUSTED: 403,
  UPSTREAM_BLOCKED: 403,
  EMAIL_IN_USE: 409,
  PLAN_IN_USE: 409,
  PLAN_UNAVAILABLE: 409,
  IDEMPOTENCY_CONFLICT: 409,
  IDEMPOTENCY_MISMATCH: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  PIX_CHARGE_EXPIRED: 409,
  TAKE_BACK_LIMIT: 409,
  PURPOSE_NAME_IN_USE: 409,
  PURPOSE_IN_USE: 409,
  API_KEY_LIMIT: 409,
  LOTE_NOT_QUOTED: 409,
  LOTE_NOT_RUNNING: 409,
  LOTE_RUNNING_LIMIT: 409,
  LOTE_NO_VALID_ROWS: 409,
  LOTE_XLSX_TOO_LARGE: 409,
  LOTE_PRICE_CHANGED: 409,
  WEBHOOK_INVALID: 401,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  REQUEST_TIMEOUT: 408,
  URI_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  API_KEY_DAILY_CAP: 429,
  INTERNAL_ERROR: 500,
  UPSTREAM_ERROR: 502,
  PIX_PROVIDER_ERROR: 502,
  MODULE_MAINTENANCE: 503,
  UPSTREAM_UNAVAILABLE: 503,
  SERVICE_UNAVAILABLE: 503,
  PIX_NOT_CONFIGURED: 503,
  UPSTREAM_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface AppErrorExtras {
  errorType?: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
}

/** An expected failure: a stable code, a message a user can read, no internals. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extras: AppErrorExtras = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
  }

  toBody() {
    return { error: this.message, code: this.code, ...this.extras };
  }
}

export const notFound = (message: string = messages.notFound) => new AppError('NOT_FOUND', message);
export const forbidden = () => new AppError('FORBIDDEN', messages.forbidden);
export const validationError = (fields: Record<string, string>) =>
  new AppError('VALIDATION_ERROR', Object.values(fields)[0] ?? messages.validationFailed, { fields });
