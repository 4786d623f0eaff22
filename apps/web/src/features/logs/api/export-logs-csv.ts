import { logContract } from '@painel/shared/contracts/logs';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';

import type { LogsQuery } from '@/features/logs/api/get-logs';
import { logsMessages } from '@/features/logs/logs-messages';
import { endpointPath } from '@/lib/api-client';
import { downloadFile } from '@/lib/download-file';

/** GET /logs/export.csv (path from its contract) with the type filter on screen. */
export function exportLogsCsv({ tipo }: Pick<LogsQuery, 'tipo'>) {
  return downloadFile(endpointPath(logContract.exportCsv, { query: { tipo } }), {
    fallbackName: 'logs.csv',
    fallbackError: logsMessages.exportFailed,
  });
}

export function useExportLogsCsv() {
  return useMutation({
    mutationFn: exportLogsCsv,
    onError: (error) => {
      const reason = error instanceof Error ? error.message : '';
      toast.error(logsMessages.exportFailed, {
        description: reason && reason !== logsMessages.exportFailed ? reason : undefined,
      });
    },
  });
}
