import { toast } from 'sonner';

/** The §8 message, with the server's own reason underneath when it gave one. */
export function notifyFailure(title: string, error: unknown) {
  const reason = error instanceof Error ? error.message : '';
  toast.error(title, { description: reason && reason !== title ? reason : undefined });
}
