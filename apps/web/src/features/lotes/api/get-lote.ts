import { loteContract } from '@painel/shared/contracts/lotes';

import { callEndpoint } from '@/lib/api-client';

/** GET /lotes/{id}: one batch and its progress (the poll while the live stream is down). */
export function getLote(id: number, signal?: AbortSignal) {
  return callEndpoint(loteContract.get, { params: { id: String(id) } }, { signal });
}
