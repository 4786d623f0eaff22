import { toast } from 'sonner';

/** The screen's failure alert (docs/product/errors.md#in-the-panel), with the server's own reason underneath when it gave one. */
export function notifyFailure(title: string, error: unknown) {
  toast.error(title, { description: failureReason(title, error) });
}

/** The server's reason, unless it only repeats the title. */
export function failureReason(title: string, error: unknown): string | undefined {
  const reason = error instanceof Error ? error.message : '';
  return reason && reason !== title ? reason : undefined;
}

/** 'Title: reason' for an inline error box. */
export function failureText(title: string, error: unknown): string {
  const reason = failureReason(title, error);
  return reason ? `${title}: ${reason}` : title;
}
