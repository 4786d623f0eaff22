import { z } from 'zod';
import { messages } from '../messages.ts';
import { legalBasisSchema } from './finalidades.ts';
import { addDays, businessToday, calendarDateSchema, daysInPeriod, METRICS_MAX_DAYS } from './metrics.ts';

/**
 * The record of processing operations (LGPD art. 37, docs/product/records.md): for a period, one
 * row per module and purpose with its lookups, users, resellers, legal basis and the retention.
 */

/** The longest period a record covers, both days included: the metrics' own limit. */
export const RECORDS_MAX_DAYS = METRICS_MAX_DAYS;

/** A required São Paulo calendar day (YYYY-MM-DD); '' or nothing is 'Campo obrigatório'. */
const requiredDay = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  // Given twice (?de=…&de=…) it arrives as a list: a date to correct, not a missing one.
  z
    .string({ error: (issue) => (issue.input === undefined ? messages.required : messages.invalidDate) })
    .pipe(calendarDateSchema),
);

/** The period as the screen's form and the query both hold it: `de` not after `ate`, at most 366 days. */
export const recordsPeriodSchema = z
  .object({ de: requiredDay, ate: requiredDay })
  .superRefine(({ de, ate }, ctx) => {
    if (de > ate) ctx.addIssue({ code: 'custom', message: messages.periodStartAfterEnd, path: ['de'] });
    else if (daysInPeriod(de, ate) > RECORDS_MAX_DAYS)
      ctx.addIssue({ code: 'custom', message: messages.periodTooLong(RECORDS_MAX_DAYS), path: ['de'] });
  });
export type RecordsPeriod = z.infer<typeof recordsPeriodSchema>;

/** The screen's first period: the current month in São Paulo, from its first day to today. */
export function currentMonthPeriod(now: Date = new Date()): RecordsPeriod {
  const today = businessToday(now);
  return { de: `${today.slice(0, 8)}01`, ate: today };
}

/** The whole month before the current one in São Paulo: the screen's other shortcut. */
export function previousMonthPeriod(now: Date = new Date()): RecordsPeriod {
  const firstOfMonth = `${businessToday(now).slice(0, 8)}01`;
  const lastOfPrevious = addDays(firstOfMonth, -1);
  return { de: `${lastOfPrevious.slice(0, 8)}01`, ate: lastOfPrevious };
}

const count = z.number().int();

/** One module and purpose of the period. */
export const processingRecordSchema = z.object({
  /** The module's name as the lookups recorded it when they ran. */
  modulo: z.string(),
  /** Null for lookups that named no purpose (run before purposes, or while none was required). */
  finalidade_id: z.number().nullable(),
  /** The purpose's current name, or 'Sem finalidade'. */
  finalidade: z.string(),
  /** The purpose's current LGPD art. 7 basis; null without a purpose. */
  base_legal: legalBasisSchema.nullable(),
  /** Lookups the provider was asked for (docs/product/records.md#what-is-counted). */
  consultas: count,
  /** Distinct users who ran them. */
  usuarios: count,
  /**
   * Through whom: each user's responsible (revendedor_id) with its lookups, most first; users
   * without one as 'Direto' (revendedor_id null).
   */
  revendedores: z.array(
    z.object({ revendedor_id: z.number().nullable(), nome: z.string(), consultas: count }),
  ),
});
export type ProcessingRecord = z.infer<typeof processingRecordSchema>;

/** GET /admin/registros-tratamento. */
export const processingRecordsSchema = z.object({
  /** The period (YYYY-MM-DD, São Paulo days, both included). */
  de: z.string(),
  ate: z.string(),
  /** When the record was generated (ISO 8601, UTC). */
  gerado_em: z.string(),
  /** How long a lookup's result is kept before it is erased (RESULT_RETENTION_DAYS). */
  retencao_dias: count,
  /** By module name, then purpose name ('Sem finalidade' last), pt-BR order. */
  registros: z.array(processingRecordSchema),
});
export type ProcessingRecords = z.infer<typeof processingRecordsSchema>;
