import { loteContract } from '@painel/shared/contracts/lotes';
import { loteSchema } from '@painel/shared/schemas/lotes';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { mergeLote } from '@/features/lotes/api/get-lotes';
import type { LoteUploadRequest } from '@/features/lotes/utils/lote-upload-schema';
import { apiRequest, endpointPath } from '@/lib/api-client';

/** The multipart body of POST /lotes: the module, the purpose, and the file or the pasted text. */
export function loteFormData(request: LoteUploadRequest): FormData {
  const data = new FormData();
  data.set('modulo_id', String(request.modulo_id));
  if (request.finalidade_id !== null) data.set('finalidade_id', String(request.finalidade_id));
  if (request.justificativa !== null) data.set('justificativa', request.justificativa);
  if (request.arquivo) data.set('arquivo', request.arquivo, request.arquivo.name);
  else if (request.texto !== null) data.set('texto', request.texto);
  return data;
}

/** POST /lotes: the quote. Nothing is reserved or charged yet, so it is not a spending call. */
export function quoteLote(request: LoteUploadRequest) {
  return apiRequest(endpointPath(loteContract.quote, {}), {
    method: 'POST',
    body: loteFormData(request),
    schema: loteSchema,
  });
}

export function useQuoteLote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: quoteLote,
    onSuccess: (lote) => mergeLote(queryClient, lote),
  });
}
