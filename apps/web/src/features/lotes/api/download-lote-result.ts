import { loteContract } from '@painel/shared/contracts/lotes';
import { useMutation } from '@tanstack/react-query';

import { lotesMessages } from '@/features/lotes/lotes-messages';
import { endpointPath } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';
import { notifyFailure } from '@/lib/notify-failure';

export type LoteResultFormat = 'csv' | 'xlsx';

/** GET /lotes/{id}/resultado.csv|.xlsx, fetched with the session token and saved. */
export function downloadLoteResult({ id, format }: { id: number; format: LoteResultFormat }) {
  const contract = format === 'csv' ? loteContract.resultCsv : loteContract.resultXlsx;
  return downloadFile(endpointPath(contract, { params: { id: String(id) } }), {
    fallbackName: `lote-${id}.${format}`,
    fallbackError: lotesMessages.downloadFailed,
  });
}

export function useDownloadLoteResult() {
  return useMutation({
    mutationFn: downloadLoteResult,
    onError: (error) => notifyFailure(lotesMessages.downloadFailed, error),
  });
}
