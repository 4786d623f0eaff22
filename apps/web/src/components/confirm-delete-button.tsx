import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';

import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { Button } from '@/components/ui/button';

interface ConfirmDeleteButtonProps {
  /** The dialog's title, e.g. 'Deletar Mensal'. */
  title: ReactNode;
  /** The question the dialog asks, e.g. 'Tem certeza que deseja deletar este plano?'. */
  confirmation: ReactNode;
  /** Runs on the dialog's confirm button; the dialog closes at once. */
  onConfirm: () => void;
  /** Disables the trash button while a deletion is under way. */
  pending?: boolean;
  /** The trash button's accessible name and tooltip, and the confirm button's text. */
  label?: string;
}

/** A trash icon button that asks for confirmation in an alert dialog before deleting. */
export function ConfirmDeleteButton({
  title,
  confirmation,
  onConfirm,
  pending = false,
  label = 'Deletar',
}: ConfirmDeleteButtonProps) {
  return (
    <ConfirmActionDialog
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label={label}
          title={label}
          className="text-destructive hover:text-destructive"
          disabled={pending}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      }
      title={title}
      description={confirmation}
      confirmLabel={label}
      onConfirm={onConfirm}
    />
  );
}
