import { lookupContract } from '@painel/shared/contracts/lookups';
import { useMutation } from '@tanstack/react-query';

import { callEndpoint } from '@/lib/api-client';

export interface RevealLookupRequest {
  lookupId: number;
  /** Why the whole result is needed: 10 to 500 characters, written to the audit trail. */
  justificativa: string;
}

export function revealLookup({ lookupId, justificativa }: RevealLookupRequest) {
  return callEndpoint(
    lookupContract.reveal,
    { params: { id: String(lookupId) }, body: { justificativa } },
    { fallbackError: 'Não foi possível revelar o resultado' },
  );
}

/**
 * 'Revelar' (docs/product/reveal-and-minors.md#justified-reveal): the whole result for this answer
 * only. It is never written to the detail's cache: the next read is masked again.
 */
export function useRevealLookup() {
  return useMutation({ mutationFn: revealLookup });
}
