import { lookupContract } from '@painel/shared/contracts/lookups';
import { messages } from '@painel/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { bumpModuleUsage } from '@/features/lookups/api/get-active-modules';
import { createSubmissionKeys, IDEMPOTENCY_IN_PROGRESS } from '@/features/lookups/utils/submission-key';
import { ApiError, callEndpoint, NETWORK_ERROR } from '@/lib/api-client';

export interface RunLookupRequest {
  modulo_id: number;
  /** Field name -> digits (masked fields) or trimmed text. */
  input: Record<string, string>;
  /** The lookup's purpose (docs/product/purposes.md); left out for none. */
  finalidade_id?: number;
  /** Why this lookup, in the user's words; left out for none. */
  justificativa?: string;
}

/**
 * `idempotencyKey`: the same for every send of one submission (docs/product/lookups.md#idempotency-key).
 * With one, a lost answer or a first send still running is safe to retry, and the user is told so.
 */
export async function runLookup(body: RunLookupRequest, idempotencyKey?: string) {
  try {
    return await callEndpoint(
      lookupContract.run,
      { body, headers: { 'idempotency-key': idempotencyKey } },
      { spendsMoney: true, fallbackError: messages.lookupFailed },
    );
  } catch (error) {
    if (idempotencyKey === undefined || !(error instanceof ApiError)) throw error;
    if (error.code === NETWORK_ERROR)
      throw new ApiError(error.status, error.code, messages.lookupConnectionLostRetrySafe);
    if (error.code === IDEMPOTENCY_IN_PROGRESS)
      throw new ApiError(error.status, error.code, messages.lookupStillRunning);
    throw error;
  }
}

/**
 * Runs a lookup. On success the counters are refreshed as docs/product/lookups.md#query-screen says: the quantity
 * module's 24 h count rises at once, then modules, profile credits, trial usage and the history are
 * read again. Each submission carries its Idempotency-Key, kept for a retry of it
 * (utils/submission-key.ts), so a double click or a retry after a lost answer never pays twice.
 */
export function useRunLookup() {
  const queryClient = useQueryClient();
  const [keys] = useState(createSubmissionKeys);
  return useMutation({
    mutationFn: (request: RunLookupRequest) => runLookup(request, keys.keyFor(request)),
    onError: (error, request) => keys.settled(request, error),
    onSuccess: (_result, request) => {
      keys.settled(request);
      bumpModuleUsage(queryClient, request.modulo_id);
      void queryClient.invalidateQueries({ queryKey: ['modules'] });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      void queryClient.invalidateQueries({ queryKey: ['trial-usage'] });
      void queryClient.invalidateQueries({ queryKey: ['lookups'] });
    },
  });
}
