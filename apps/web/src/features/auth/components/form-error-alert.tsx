import { CircleX } from 'lucide-react';

import { Alert, AlertDescription } from '@/components/ui/alert';

/** The red box with the server's (or the form's) reason for a failed submit. */
export function FormErrorAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <CircleX aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
