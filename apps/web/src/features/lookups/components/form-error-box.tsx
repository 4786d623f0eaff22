import { CircleX } from 'lucide-react';

import { Alert, AlertDescription } from '@/components/ui/alert';

/** The red box with the server's (or the form's) reason for a failed lookup. */
export function FormErrorBox({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <CircleX aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
