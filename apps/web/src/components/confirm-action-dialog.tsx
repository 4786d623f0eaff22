import type { ReactNode } from 'react';

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';

interface ConfirmActionDialogProps {
  /** The button that opens the dialog (it becomes the dialog's trigger). */
  trigger: ReactNode;
  /** The dialog's title: the question, e.g. 'Revogar Integração ERP?'. */
  title: ReactNode;
  /** What happens if the user goes on. */
  description: ReactNode;
  /** The destructive confirm button's text. */
  confirmLabel: string;
  /** The button that closes the dialog doing nothing. */
  cancelLabel?: string;
  /** Runs on the confirm button; the dialog closes at once. */
  onConfirm: () => void;
}

/** Asks once more before an action that cannot be undone (delete, revoke, cancel a batch). */
export function ConfirmActionDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancelar',
  onConfirm,
}: ConfirmActionDialogProps) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction className={buttonVariants({ variant: 'destructive' })} onClick={onConfirm}>
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
