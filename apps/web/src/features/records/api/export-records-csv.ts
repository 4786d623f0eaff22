import { recordsContract } from '@painel/shared/contracts/records';
import type { RecordsPeriod } from '@painel/shared/schemas/records';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';

import { recordsMessages } from '@/features/records/records-messages';
import { endpointPath } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';

/** GET /admin/registros-tratamento.csv (path from its contract) for the period on the screen. */
export function exportRecordsCsv(period: RecordsPeriod) {
  return downloadFile(endpointPath(recordsContract.exportCsv, { query: period }), {
    fallbackName: `registro-tratamento-${period.de}-a-${period.ate}.csv`,
    fallbackError: recordsMessages.exportFailed,
  });
}

export function useExportRecordsCsv() {
  return useMutation({
    mutationFn: exportRecordsCsv,
    onError: (error) => {
      const reason = error instanceof Error ? error.message : '';
      toast.error(recordsMessages.exportFailed, {
        description: reason && reason !== recordsMessages.exportFailed ? reason : undefined,
      });
    },
  });
}
