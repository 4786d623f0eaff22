import { messages } from '@painel/shared/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, type ErrorCode } from '../lib/app-error.ts';
import { isOutage, outageError } from '../lib/outage.ts';

/** Fastify's own client errors, by their code, as the API's codes and messages. */
const fastifyClientErrors: Record<string, [ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ['INVALID_JSON', messages.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: ['INVALID_JSON', messages.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: ['PAYLOAD_TOO_LARGE', messages.payloadTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ['UNSUPPORTED_MEDIA_TYPE', messages.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ['INVALID_JSON', messages.invalidJson],
};

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string | undefined;
}

/** Field path -> message; a problem with the body as a whole goes under '_'. */
function fieldsOf(validation: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of validation) {
    const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    // A missing or non-object body is a malformed request, not a field's fault.
    const message = key === '_' && issue.keyword === 'invalid_type' ? messages.invalidJson : issue.message;
    fields[key] ??= message ?? messages.validationFailed;
  }
  return fields;
}

/**
 * One error handler: AppError as it is, validation as 400 VALIDATION_ERROR with a field map,
 * anything unexpected logged in full and answered as a bare 500 (docs/product/errors.md#error-body).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extras.retryAfterSeconds) reply.header('retry-after', String(error.extras.retryAfterSeconds));
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (isOutage(error)) {
      request.log.warn({ err: error }, 'database or Redis unreachable');
      const outage = outageError();
      reply.header('retry-after', String(outage.extras.retryAfterSeconds));
      return reply.status(outage.statusCode).send(outage.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = fieldsOf(error.validation);
      return reply.status(400).send({
        error: Object.values(fields)[0] ?? messages.validationFailed,
        code: 'VALIDATION_ERROR',
        fields,
      });
    }
    const known = error.code ? fastifyClientErrors[error.code] : undefined;
    if (known) {
      const appError = new AppError(known[0], known[1]);
      return reply.status(appError.statusCode).send(appError.toBody());
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return reply.status(error.statusCode).send({ error: messages.validationFailed, code: 'BAD_REQUEST' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ error: messages.internalError, code: 'INTERNAL_ERROR' });
  });
}
