import { userContract } from '@painel/shared/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { apiResponse, endpointPath } from '@/lib/api-client';
import { notifyFailure } from '@/lib/notify-failure';

/** The file name the server suggests in Content-Disposition, else one with today's date. */
function fileNameOf(response: Response): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? `usuarios-${new Date().toISOString().slice(0, 10)}.csv`;
}

/**
 * GET /users/export.csv with the list's filter, through the API client (Authorization header).
 * The answer is a file, not JSON: path and query come from the contract, the body is read here.
 */
export async function exportUsersCsv(q: string) {
  // An empty q is left out of the query string.
  const response = await apiResponse(endpointPath(userContract.exportCsv, { query: { q } }), {
    fallbackError: usersAdminMessages.exportFailed,
  });
  return { blob: await response.blob(), fileName: fileNameOf(response) };
}

function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is not needed after this tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportUsersCsv() {
  return useMutation({
    mutationFn: exportUsersCsv,
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (error) => notifyFailure(usersAdminMessages.exportFailed, error),
  });
}
