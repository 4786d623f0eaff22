import { z } from 'zod';

/** Batch lookups (lotes): a file in, a quote before any charge, a job, results out (docs/product/lotes.md). */

/** The most rows a batch takes (the header line aside), and the largest file. */
export const LOTE_MAX_ROWS = 10_000;
export const LOTE_MAX_BYTES = 5 * 1024 * 1024;
/** Batches of one user running at once; a third waits to be confirmed until one ends. */
export const LOTES_RUNNING_PER_USER = 2;
/**
 * Quotes ('cotado') one user keeps open at once: a new quote past them discards the oldest. A quote
 * is discarded too once it is LOTE_QUOTE_TTL_HOURS old (docs/product/lotes.md#quotes).
 */
export const LOTES_OPEN_QUOTES_PER_USER = 5;
export const LOTE_QUOTE_TTL_HOURS = 24;

export const LOTE_STATUSES = ['cotado', 'processando', 'concluido', 'cancelado', 'falhou'] as const;
export type LoteStatus = (typeof LOTE_STATUSES)[number];

/** A row that will not be looked up, and why (its line in the file, counting the header as line 1). */
export const invalidRowSchema = z.object({ linha: z.number(), erro: z.string() });
export type InvalidRow = z.infer<typeof invalidRowSchema>;

/**
 * A batch as every answer shows it; `invalidas` only where one batch is answered (its quote, GET
 * /lotes/{id}, confirm, cancel), never in the list or the live events (`linhas - validas` counts them). Money in credits (1 credit = R$ 1,00, cents as decimals):
 * `custo_maximo` is what the valid rows would cost if every one succeeded (0 for a quota module,
 * whose rows take `cotas` slots instead); `cobrado` what the successes took.
 */
export const loteSchema = z.object({
  id: z.number(),
  status: z.enum(LOTE_STATUSES),
  modulo: z.object({ id: z.number().nullable(), nome: z.string() }),
  /** 'creditos' or 'quantidade': how each successful row is paid. */
  cobranca: z.enum(['creditos', 'quantidade']),
  finalidade_id: z.number().nullable(),
  /** The file's name as sent ('Coluna colada' for pasted text). */
  arquivo: z.string(),
  linhas: z.number(),
  validas: z.number(),
  /** The invalid rows; absent from the list and the live events (up to 10 000 of them a batch). */
  invalidas: z.array(invalidRowSchema).optional(),
  custo_maximo: z.number(),
  /** Quota slots the valid rows would take (quota modules); 0 for a credit module. */
  cotas: z.number(),
  /** Whether the balance (or the quota left) covers every valid row now. */
  saldo_suficiente: z.boolean(),
  total: z.number(),
  /** Rows looked up (success or failure); rows a cancel dropped are `canceladas`, not processed. */
  processadas: z.number(),
  canceladas: z.number(),
  sucesso: z.number(),
  falha: z.number(),
  cobrado: z.number(),
  /** Seconds until the rows left are done at the pace so far; null before a pace is known. */
  eta_segundos: z.number().nullable(),
  usuario: z.object({ id: z.number(), nome: z.string() }),
  chave_api: z.string().nullable(),
  criado_em: z.string(),
  iniciado_em: z.string().nullable(),
  concluido_em: z.string().nullable(),
});
export type Lote = z.infer<typeof loteSchema>;

export const loteListSchema = z.object({ lotes: z.array(loteSchema) });
export type LoteList = z.infer<typeof loteListSchema>;
