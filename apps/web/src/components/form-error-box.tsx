import { CircleX } from 'lucide-react';

import { Alert, AlertDescription } from '@/components/ui/alert';

/**
 * The one red box for why a submit failed (the server's refusal or the form's own reason), in
 * forms and dialogs alike; role="alert" so a screen reader reads it out when it appears.
 */
export function FormErrorBox({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <CircleX aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
