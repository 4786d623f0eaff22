import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createSubmissionKeys, randomKey } from './submission-key';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const request = { modulo_id: 3, input: { cpf: '12345678909' }, finalidade_id: 1 };

function keys() {
  let next = 0;
  return createSubmissionKeys(() => `chave-${++next}`);
}

describe('one Idempotency-Key per submission', () => {
  it('a send while the first has no answer yet (a double click) carries the same key', () => {
    const submission = keys();
    expect(submission.keyFor(request)).toBe('chave-1');
    expect(submission.keyFor({ ...request })).toBe('chave-1');
  });

  it.each([
    ['the connection dropped', new ApiError(0, 'NETWORK_ERROR', 'caiu')],
    ['the server failed (5xx)', new ApiError(502, 'UPSTREAM_ERROR', 'falhou')],
    ['the first is still running', new ApiError(409, 'IDEMPOTENCY_IN_PROGRESS', 'em andamento')],
    ['the send was cancelled', new DOMException('cancelado', 'AbortError')],
  ])('a retry after %s reuses the key', (_, error) => {
    const submission = keys();
    submission.keyFor(request);
    submission.settled(request, error);
    expect(submission.keyFor(request)).toBe('chave-1');
  });

  it.each([
    ['a result', undefined],
    ['a refusal (402)', new ApiError(402, 'INSUFFICIENT_CREDITS', 'sem créditos')],
    ['a validation error', new ApiError(400, 'VALIDATION_ERROR', 'campos')],
  ])('after %s the same values are a new submission, with a new key', (_, error) => {
    const submission = keys();
    submission.keyFor(request);
    submission.settled(request, error);
    expect(submission.keyFor(request)).toBe('chave-2');
  });

  it('other values are another submission; the same values in another key order are not', () => {
    const submission = keys();
    expect(submission.keyFor(request)).toBe('chave-1');
    expect(submission.keyFor({ finalidade_id: 1, input: { cpf: '12345678909' }, modulo_id: 3 })).toBe(
      'chave-1',
    );
    expect(submission.keyFor({ ...request, input: { cpf: '98765432100' } })).toBe('chave-2');
  });

  it('an answer to an older submission does not end the current one', () => {
    const submission = keys();
    submission.keyFor(request);
    const other = { ...request, modulo_id: 4 };
    submission.keyFor(other);
    submission.settled(request);
    expect(submission.keyFor(other)).toBe('chave-2');
  });

  it('outside a secure context (no crypto.randomUUID) the key is still a random version-4 UUID', () => {
    vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const keys = new Set(Array.from({ length: 50 }, randomKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it('by default the key is a random UUID', () => {
    const submission = createSubmissionKeys();
    expect(submission.keyFor(request)).toMatch(UUID_V4);
  });
});
