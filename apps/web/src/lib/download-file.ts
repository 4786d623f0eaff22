import { apiResponse } from '@/lib/api-client';

/** The file name the server suggests in Content-Disposition, else `fallbackName`. */
function fileNameOf(response: Response, fallbackName: string): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? fallbackName;
}

/**
 * Downloads an API file (a CSV export) with the session token: a plain link cannot send the
 * Authorization header, so the file is fetched and handed to the browser as a blob.
 */
export async function downloadFile(
  path: string,
  { fallbackName, fallbackError }: { fallbackName: string; fallbackError: string },
): Promise<string> {
  const response = await apiResponse(path, { fallbackError });
  const fileName = fileNameOf(response, fallbackName);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is not needed after this tick.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return fileName;
}
