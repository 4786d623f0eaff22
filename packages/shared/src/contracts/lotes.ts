import { z } from 'zod';
import { idParamsSchema } from '../schemas/common.ts';
import { loteListSchema, loteSchema } from '../schemas/lotes.ts';
import { type ErrorStatus, endpoint, SIGNED_IN } from './endpoint.ts';

/**
 * Batch lookups (docs/product/lotes.md): a file is quoted before anything is reserved, confirmed
 * to run as a job, followed live and downloaded. A user works on their own batches; a reseller
 * also sees and stops its clients', an admin everyone's.
 */

const errors: ErrorStatus[] = [400, 401, 403, 404];

export const loteContract = {
  /**
   * Multipart, read by the handler itself: `modulo_id`, `finalidade_id`, `justificativa`, and the
   * rows as a file `arquivo` (CSV or XLSX) or as text `texto` (a pasted column).
   */
  quote: endpoint
    .route({
      method: 'POST',
      path: '/lotes',
      successStatus: 201,
      tags: ['lotes'],
      summary:
        'Envia um lote (multipart: modulo_id, finalidade_id, arquivo CSV/XLSX até 10.000 linhas e 5 MB, ou texto colado) e devolve a cotação com as linhas inválidas; nada é reservado nem cobrado. Cada usuário tem no máximo 5 cotações em aberto: a mais antiga além disso, ou com mais de 24 h, é descartada',
    })
    .meta({ roles: SIGNED_IN, reach: 'self', apiKey: true, errors: [...errors, 413, 415, 429, 503] })
    .output(loteSchema),

  list: endpoint
    .route({
      method: 'GET',
      path: '/lotes',
      tags: ['lotes'],
      summary:
        'Os lotes ao alcance, sem as linhas inválidas (veja GET /lotes/{id}): os próprios; do revendedor, também os dos clientes; do admin, todos',
    })
    .meta({ roles: SIGNED_IN, reach: 'selfAndClients', apiKey: true, errors })
    .input(z.object({}))
    .output(loteListSchema),

  get: endpoint
    .route({
      method: 'GET',
      path: '/lotes/{id}',
      tags: ['lotes'],
      summary: 'Um lote, o seu progresso e as suas linhas inválidas',
    })
    .meta({ roles: SIGNED_IN, reach: 'selfAndClients', apiKey: true, errors })
    .input(z.object({ params: idParamsSchema }))
    .output(loteSchema),

  confirm: endpoint
    .route({
      method: 'POST',
      path: '/lotes/{id}/confirmar',
      tags: ['lotes'],
      summary: 'Inicia um lote cotado (no máximo 2 em andamento por usuário)',
    })
    .meta({ roles: SIGNED_IN, reach: 'self', apiKey: true, errors: [...errors, 402, 409] })
    .input(z.object({ params: idParamsSchema }))
    .output(loteSchema),

  cancel: endpoint
    .route({
      method: 'POST',
      path: '/lotes/{id}/cancelar',
      tags: ['lotes'],
      summary: 'Para um lote: as linhas em andamento terminam, nada mais é reservado',
    })
    .meta({ roles: SIGNED_IN, reach: 'selfAndClients', apiKey: true, errors: [...errors, 409] })
    .input(z.object({ params: idParamsSchema }))
    .output(loteSchema),

  /** A file, not JSON: one row per input line, in input order. */
  resultCsv: endpoint
    .route({
      method: 'GET',
      path: '/lotes/{id}/resultado.csv',
      tags: ['lotes'],
      summary: 'O resultado do lote em CSV: entrada, status, erro, campos principais e o JSON completo',
    })
    // 429: the caller already downloads 2 results; 503: the process builds 4.
    .meta({ roles: SIGNED_IN, reach: 'selfAndClients', apiKey: true, errors: [...errors, 429, 503] })
    .input(z.object({ params: idParamsSchema })),

  resultXlsx: endpoint
    .route({
      method: 'GET',
      path: '/lotes/{id}/resultado.xlsx',
      tags: ['lotes'],
      summary: 'O resultado do lote em XLSX (as mesmas colunas do CSV)',
    })
    // 409: over 10 MB of results, CSV only.
    .meta({ roles: SIGNED_IN, reach: 'selfAndClients', apiKey: true, errors: [...errors, 409, 429, 503] })
    .input(z.object({ params: idParamsSchema })),

  /** Server-Sent Events, not JSON: the handler writes the stream itself. */
  events: endpoint
    .route({
      method: 'GET',
      path: '/lotes/eventos',
      tags: ['lotes'],
      summary:
        'Eventos ao vivo (Server-Sent Events): "lote" com o lote (sem as linhas inválidas) a cada progresso dos lotes em andamento do usuário. Leia com fetch + Authorization.',
    })
    // 429: five streams of the user already open on the process.
    .meta({ roles: SIGNED_IN, reach: 'self', errors: [429] })
    .input(z.object({})),
};
