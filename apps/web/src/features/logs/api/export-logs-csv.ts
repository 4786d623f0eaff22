import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';

import { type LogsQuery, logsSearch } from '@/features/logs/api/get-logs';
import { logsMessages } from '@/features/logs/logs-messages';
import { downloadFile } from '@/lib/download-file';

/** GET /logs/export.csv with the type filter on screen. */
export function exportLogsCsv(query: Pick<LogsQuery, 'tipo'>) {
  const search = logsSearch(query);
  return downloadFile(`/logs/export.csv${search.size > 0 ? `?${search}` : ''}`, {
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
