import { describe, expect, it } from 'vitest';

import { readEventStream, type ServerSentEvent } from '@/lib/read-event-stream';

function streamOf(chunks: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]) {
  const events: ServerSentEvent[] = [];
  for await (const event of readEventStream(streamOf(chunks))) events.push(event);
  return events;
}

describe('readEventStream', () => {
  it('yields named events, skips comments, and joins an event split across chunks', async () => {
    const events = await collect([
      ': conectado\n\n',
      'event: consulta\ndata: {"id":1,',
      '"userId":7}\n\n: ping\n\nevent: consulta\r\n',
      'data: {"id":2}\r\n\r\n',
      'data: a\ndata: b\n\n',
    ]);
    expect(events).toEqual([
      { event: 'consulta', data: '{"id":1,"userId":7}' },
      { event: 'consulta', data: '{"id":2}' },
      { event: 'message', data: 'a\nb' },
    ]);
  });

  it('drops an unfinished event when the stream ends', async () => {
    expect(await collect(['event: consulta\ndata: {"id":1}\n'])).toEqual([]);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('event: consulta\ndata: 1\n\n'));
      },
    });
    const seen: string[] = [];
    for await (const event of readEventStream(body, controller.signal)) {
      seen.push(event.data);
      controller.abort();
    }
    expect(seen).toEqual(['1']);
  });
});
