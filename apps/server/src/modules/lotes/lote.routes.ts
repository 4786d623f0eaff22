import fastifyMultipart from '@fastify/multipart';
import { loteContract } from '@painel/shared/contracts/lotes';
import { messages } from '@painel/shared/messages';
import { idParamSchema, normalizedText, withoutUnstorableCharacters } from '@painel/shared/schemas/common';
import { justificationSchema } from '@painel/shared/schemas/finalidades';
import { LOTE_MAX_BYTES } from '@painel/shared/schemas/lotes';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, validationError } from '../../lib/app-error.ts';
import { openPolledStream } from '../../lib/event-stream.ts';
import { serve } from '../../plugins/serve.ts';
import {
  cancelLote,
  confirmLote,
  getLote,
  type LoteDeps,
  listLotesOf,
  type QuoteRequest,
  quoteLote,
  watchLotes,
} from './lote.service.ts';
import { loteResultCsv, loteResultXlsx, resultBuilds, resultFileLimits } from './lote-results.ts';

const EVENT_EVERY_MS = 1_000;

const fieldsSchema = z.object({
  modulo_id: idParamSchema,
  finalidade_id: idParamSchema.nullish().transform((id) => id ?? null),
  justificativa: justificationSchema,
});

/** The form's fields that are read; any other text field is ignored. */
const FORM_FIELDS = new Set(['modulo_id', 'finalidade_id', 'justificativa', 'texto']);
const MAX_FILE_NAME = 200;

/**
 * The file's name as it is shown and stored: no character a column cannot hold, no control
 * character (C0, DEL, C1) and no invisible format character (bidi overrides and marks, zero-width
 * ones: normalizedText); at most 200 characters, cut in the name so the extension stays.
 */
export function fileNameOf(raw: string): string {
  const clean = normalizedText(
    withoutUnstorableCharacters(raw)
      // Controls, line and paragraph separators, and marks with no letter to sit on.
      .replace(/[\p{Cc}\u2028\u2029]/gu, '')
      .replace(/(^|[\s.\-_/\\])\p{M}+/gu, '$1'),
  ).trim();
  const characters = Array.from(clean);
  if (characters.length <= MAX_FILE_NAME) return clean || 'arquivo';
  const extension = /\.[^.\s]{1,10}$/u.exec(clean)?.[0] ?? '';
  return `${characters
    .slice(0, MAX_FILE_NAME - extension.length)
    .join('')
    .trimEnd()}${extension}`;
}

/** The multipart form of POST /lotes: its fields checked by the shared schemas, the rows as bytes. */
async function readQuoteForm(request: FastifyRequest): Promise<QuoteRequest> {
  if (!request.isMultipart()) throw validationError({ arquivo: messages.loteFileRequired });
  const fields: Record<string, string> = Object.create(null);
  let data: Buffer | null = null;
  let arquivo: string = messages.lotePasted;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'arquivo') {
          await part.toBuffer();
          continue;
        }
        if (data) throw validationError({ arquivo: messages.loteOneFile });
        arquivo = fileNameOf(part.filename);
        if (!/\.(csv|txt|xlsx)$/i.test(arquivo)) {
          await part.toBuffer();
          throw validationError({ arquivo: messages.loteFileType });
        }
        data = await part.toBuffer();
      } else if (typeof part.value === 'string') {
        // A field cut at the size limit would be read as other rows than were sent.
        if (part.valueTruncated) {
          throw new AppError('PAYLOAD_TOO_LARGE', messages.loteFileTooLarge, {
            fields: { arquivo: messages.loteFileTooLarge },
          });
        }
        if (!FORM_FIELDS.has(part.fieldname)) continue;
        // Sent twice, either value could be meant: refused, as a header naming a field twice is.
        if (part.fieldname in fields) {
          throw validationError({ [part.fieldname]: messages.loteFieldRepeated(part.fieldname) });
        }
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw validationError({ arquivo: messages.loteOneFile });
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('VALIDATION_ERROR', messages.loteFormTooManyFields);
    }
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', messages.loteFileTooLarge, {
        fields: { arquivo: messages.loteFileTooLarge },
      });
    }
    throw validationError({ arquivo: messages.loteFileRequired });
  }
  if (!data && fields.texto?.trim()) {
    arquivo = messages.lotePasted;
    data = Buffer.from(fields.texto, 'utf8');
  }
  if (!data || data.length === 0) throw validationError({ arquivo: messages.loteFileRequired });
  if (data.length > LOTE_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', messages.loteFileTooLarge, {
      fields: { arquivo: messages.loteFileTooLarge },
    });
  }
  const parsed = fieldsSchema.safeParse(fields);
  if (!parsed.success) {
    throw validationError(
      Object.fromEntries(
        parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'modulo_id'), issue.message]),
      ),
    );
  }
  return {
    moduloId: parsed.data.modulo_id,
    finalidadeId: parsed.data.finalidade_id,
    justificativa: parsed.data.justificativa,
    arquivo,
    data,
  };
}

export function loteRoutes(deps: LoteDeps): FastifyPluginAsync {
  return async (app) => {
    await app.register(fastifyMultipart, {
      limits: { fileSize: LOTE_MAX_BYTES, files: 1, fields: 10, fieldSize: LOTE_MAX_BYTES },
    });
    const streams = new Set<() => void>();
    app.addHook('preClose', async () => {
      for (const close of streams) close();
    });

    serve(
      app,
      loteContract.quote,
      async ({ auth, request }) => quoteLote(deps, auth, await readQuoteForm(request)),
      {
        schema: { consumes: ['multipart/form-data'] },
      },
    );
    serve(app, loteContract.list, async ({ auth, reach }) => ({
      lotes: await listLotesOf(deps, auth, reach),
    }));
    serve(app, loteContract.get, ({ auth, reach, params }) => getLote(deps, auth, reach, params.id));
    serve(app, loteContract.confirm, ({ auth, reach, params }) => confirmLote(deps, auth, reach, params.id));
    serve(app, loteContract.cancel, ({ auth, reach, params }) => cancelLote(deps, auth, reach, params.id));

    // Built a page at a time (CSV) or within a budget (XLSX), a few at once (lote-results.ts).
    const builds = resultBuilds();
    serve(app, loteContract.resultCsv, async ({ auth, reach, params, request, reply }) => {
      const lote = await getLote(deps, auth, reach, params.id);
      const release = builds.acquire(auth.userId, 'csv');
      try {
        const file = await loteResultCsv(deps.db, lote.id, deps.lookups.retentionDays);
        // Its slot is given back when the stream closes: sent whole, failed or abandoned. A client
        // that stops reading is let go after a while without a byte taken, so it cannot
        // hold a slot (and its pages) for ever (resultFileLimits.stalledMs).
        // (A request injected in-process has a stand-in socket without timers.)
        const socket = request.raw.socket as Partial<typeof request.raw.socket>;
        socket.setTimeout?.(resultFileLimits.stalledMs, () => socket.destroy?.());
        file.once('close', () => {
          socket.setTimeout?.(0);
          release();
        });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="lote-${lote.id}.csv"`)
          .header('cache-control', 'no-store')
          .send(file);
      } catch (error) {
        release();
        throw error;
      }
    });
    serve(app, loteContract.resultXlsx, async ({ auth, reach, params, reply }) => {
      const lote = await getLote(deps, auth, reach, params.id);
      const release = builds.acquire(auth.userId, 'xlsx');
      try {
        const file = await loteResultXlsx(deps.db, lote.id, deps.lookups.retentionDays);
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="lote-${lote.id}.xlsx"`)
          .header('cache-control', 'no-store')
          .send(file);
      } finally {
        release();
      }
    });

    // The caller's running batches, written again whenever they change (read once a second); the
    // stream lasts as long as its session: signed out or evicted, it ends.
    serve(app, loteContract.events, ({ auth, request, reply }) => {
      const changes = watchLotes(deps, auth);
      const { sessions } = app.services;
      return openPolledStream(streams, auth.userId, request, reply, EVENT_EVERY_MS, async (sink) => {
        const signedIn = await sessions.resolve(auth.userId, auth.sessionId).then(
          () => true,
          (error: unknown) => !(error instanceof AppError),
        );
        if (!signedIn) return sink.end();
        for (const lote of await changes()) sink.send('lote', lote);
      });
    });
  };
}
