import type { ModuleTestResult } from '@painel/shared/contracts/modules';
import { apiUrlProblem } from '@painel/shared/rules/api-url';
import { validateQueryInput } from '@painel/shared/rules/query-input';
import type { Database } from '../../db/client.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { placeholderErrors, type UpstreamGateway } from '../../lib/upstream.ts';
import { type Actor, writeActionLog } from '../logs/log.repository.ts';
import { requireModule } from './module.service.ts';

export interface ModuleTestDeps {
  db: Database;
  upstream: UpstreamGateway;
}

const UPSTREAM_STATUS: Partial<Record<string, number>> = { NOT_FOUND: 404 };

/**
 * Runs a module once against its upstream for an admin wiring a provider: the same input rules
 * and gateway as a real lookup, but nothing is reserved or charged and no consulta is recorded.
 * It works on inactive and in-maintenance modules too, since that is when an admin tries them.
 * The audit entry keeps the outcome and the field names, never the input values or the answer
 * (both may be personal data).
 */
export async function testModule(
  deps: ModuleTestDeps,
  actor: Actor,
  id: number,
  rawInput: Record<string, string>,
): Promise<ModuleTestResult> {
  const module = await requireModule(deps.db, id);
  // A module stored before its api_url broke a rule is refused here as it would be on save.
  const urlProblem = apiUrlProblem(module.apiUrl);
  if (urlProblem) throw validationError({ api_url: urlProblem });
  const { values, errors: inputErrors } = validateQueryInput(module.camposEntrada, rawInput);
  const errors = { ...placeholderErrors(module.apiUrl, values), ...inputErrors };
  if (Object.keys(errors).length > 0) {
    throw validationError(
      Object.fromEntries(Object.entries(errors).map(([field, text]) => [`input.${field}`, text])),
    );
  }

  const started = performance.now();
  let result: ModuleTestResult;
  try {
    const outcome = await deps.upstream.call({
      apiUrl: module.apiUrl,
      input: values,
      headers: module.headers,
      timeoutMs: module.timeoutSegundos * 1000,
    });
    result = { ok: true, latencia_ms: outcome.latencyMs, resposta: outcome.body };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const statusCode = UPSTREAM_STATUS[error.code];
    result = {
      ok: false,
      ...(statusCode ? { status_code: statusCode } : {}),
      latencia_ms: Math.round(performance.now() - started),
      erro: error.message,
      codigo: error.code,
    };
  }

  await writeActionLog(deps.db, actor, 'modulo_testado', {
    modulo_id: module.id,
    ok: result.ok,
    latencia_ms: result.latencia_ms,
    campos: Object.keys(values),
    ...(result.codigo ? { codigo: result.codigo } : {}),
  });
  return result;
}
