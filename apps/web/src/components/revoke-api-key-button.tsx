import { ConfirmActionDialog } from '@/components/confirm-action-dialog';
import { Button } from '@/components/ui/button';

/**
 * 'Revogar', asked once more: a revoked key stops working at once and cannot come back. The owner's
 * card (/profile) and the managers' dialog (users screen) both ask it so.
 */
export function RevokeApiKeyButton({
  nome,
  pending,
  onConfirm,
}: {
  nome: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <ConfirmActionDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          className="text-destructive hover:text-destructive"
          disabled={pending}
          aria-label={`Revogar ${nome}`}
        >
          Revogar
        </Button>
      }
      title={`Revogar ${nome}?`}
      description="A chave deixa de funcionar na hora."
      confirmLabel="Revogar"
      onConfirm={onConfirm}
    />
  );
}
