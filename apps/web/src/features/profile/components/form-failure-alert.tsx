import { CircleX } from 'lucide-react';

import { Alert, AlertDescription } from '@/components/ui/alert';

/** The red box with why the last save failed. */
export function FormFailureAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <CircleX aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
