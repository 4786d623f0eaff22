import type { Lote } from '@painel/shared/schemas/lotes';

/** A batch as every /lotes answer shows it (packages/shared/src/schemas/lotes.ts): quoted, 100 valid CPFs, credits. */
export function makeLote(overrides: Partial<Lote> = {}): Lote {
  return {
    id: 12,
    status: 'cotado',
    modulo: { id: 2, nome: 'Placa' },
    cobranca: 'creditos',
    finalidade_id: null,
    arquivo: 'placas.csv',
    linhas: 100,
    validas: 100,
    invalidas: [],
    custo_maximo: 200,
    cotas: 0,
    saldo_suficiente: true,
    total: 100,
    processadas: 0,
    canceladas: 0,
    sucesso: 0,
    falha: 0,
    cobrado: 0,
    eta_segundos: null,
    usuario: { id: 7, nome: 'Maria Teste' },
    chave_api: null,
    criado_em: '2026-03-10T13:45:00.000Z',
    iniciado_em: null,
    concluido_em: null,
    ...overrides,
  };
}

/** The same batch running: `processadas` of 100 done. */
export function runningLote(processadas: number, overrides: Partial<Lote> = {}): Lote {
  return makeLote({
    status: 'processando',
    processadas,
    sucesso: processadas,
    cobrado: processadas * 2,
    eta_segundos: 130,
    iniciado_em: '2026-03-10T13:46:00.000Z',
    ...overrides,
  });
}

/** A text/event-stream the test writes to, like the server's GET /lotes/eventos. */
export function eventStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(encoder.encode(': conectado\n\n'));
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send: (event: string, data: unknown) =>
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
  };
}
