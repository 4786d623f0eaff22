import { lookupContract } from '@painel/shared/contracts/lookups';
import { messages } from '@painel/shared/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { bumpModuleUsage } from '@/features/lookups/api/get-active-modules';
import { callEndpoint } from '@/lib/api-client';

export interface RunLookupRequest {
  modulo_id: number;
  /** Field name -> digits (masked fields) or trimmed text. */
  input: Record<string, string>;
  /** The lookup's purpose (docs/product/purposes.md); left out for none. */
  finalidade_id?: number;
  /** Why this lookup, in the user's words; left out for none. */
  justificativa?: string;
}

export function runLookup(body: RunLookupRequest) {
  return callEndpoint(
    lookupContract.run,
    { body },
    { spendsMoney: true, fallbackError: messages.lookupFailed },
  );
}

/**
 * Runs a lookup. On success the counters are refreshed as docs/product/lookups.md#query-screen says: the quantity
 * module's 24 h count rises at once, then modules, profile credits, trial usage and the history are
 * read again.
 */
export function useRunLookup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runLookup,
    onSuccess: (_result, request) => {
      bumpModuleUsage(queryClient, request.modulo_id);
      void queryClient.invalidateQueries({ queryKey: ['modules'] });
      void queryClient.invalidateQueries({ queryKey: ['profile'] });
      void queryClient.invalidateQueries({ queryKey: ['trial-usage'] });
      void queryClient.invalidateQueries({ queryKey: ['lookups'] });
    },
  });
}
