import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * The events of a text/event-stream body, read by eventsource-parser (event names default to
 * 'message', multi-line data is joined, ':' comments such as the server's heartbeat are skipped).
 * An event the body ends in the middle of is dropped; aborting `signal` cancels the body.
 */
export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', cancel, { once: true });
  const decoder = new TextDecoder();
  const parsed: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (message) => parsed.push(message) });
  try {
    while (!signal?.aborted) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
      for (const message of parsed.splice(0)) yield { event: message.event ?? 'message', data: message.data };
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
