import { CircleX } from 'lucide-react';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';

import { Alert, AlertDescription } from '@/components/ui/alert';

/**
 * The one red box for why a submit failed (the server's refusal or the form's own reason), in
 * forms and dialogs alike; role="alert" so a screen reader reads it out when it appears. Inside a
 * form, the server's refusal (`root.server`) goes as soon as the user edits a field: it was about
 * what was sent, not about what is being typed now.
 */
export function FormErrorBox({ message }: { message: string | null | undefined }) {
  // Null outside a form (a dialog that only shows a message).
  const form = useFormContext() as ReturnType<typeof useFormContext> | null;
  const shown = Boolean(message);
  useEffect(() => {
    if (!form || !shown) return;
    const subscription = form.watch((_values, { type }) => {
      if (type === 'change') form.clearErrors('root.server');
    });
    return () => subscription.unsubscribe();
  }, [form, shown]);
  if (!message) return null;
  return (
    <Alert variant="destructive" role="alert">
      <CircleX aria-hidden="true" />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
