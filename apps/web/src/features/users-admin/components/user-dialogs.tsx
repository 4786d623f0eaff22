import type { PublicUser } from '@painel/shared/schemas/user';
import { toast } from 'sonner';

import { BanUserDialog } from '@/components/ban-user-dialog';
import { useBanUser } from '@/features/users-admin/api/ban-user';
import { ActivatePlanDialog } from '@/features/users-admin/components/activate-plan-dialog';
import { BalanceDialog } from '@/features/users-admin/components/balance-dialog';
import { ChangeRoleDialog } from '@/features/users-admin/components/change-role-dialog';
import { DeleteUserDialog } from '@/features/users-admin/components/delete-user-dialog';
import { EditUserDialog } from '@/features/users-admin/components/edit-user-dialog';
import { UserApiKeysDialog } from '@/features/users-admin/components/user-api-keys-dialog';
import { UserLimitsDialog } from '@/features/users-admin/components/user-limits-dialog';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import type { UserAction } from '@/features/users-admin/utils/user-actions';

/** The action whose dialog is open, on which user. */
export interface OpenDialog {
  action: Exclude<UserAction, 'unban'>;
  user: PublicUser;
}

/** One dialog at a time; each closes itself after a success. */
export function UserDialogs({ open, onClose }: { open: OpenDialog | null; onClose: () => void }) {
  if (!open) return null;
  const { action, user } = open;
  // A new key per user and action, so a dialog never shows the previous one's half-typed values.
  const key = `${action}-${user.id}`;
  switch (action) {
    case 'edit':
      return <EditUserDialog key={key} user={user} onClose={onClose} />;
    case 'credits-add':
      return <BalanceDialog key={key} user={user} kind="credits" direction="add" onClose={onClose} />;
    case 'credits-remove':
      return <BalanceDialog key={key} user={user} kind="credits" direction="remove" onClose={onClose} />;
    case 'days-add':
      return <BalanceDialog key={key} user={user} kind="days" direction="add" onClose={onClose} />;
    case 'days-remove':
      return <BalanceDialog key={key} user={user} kind="days" direction="remove" onClose={onClose} />;
    case 'limits':
      return <UserLimitsDialog key={key} user={user} onClose={onClose} />;
    case 'plan':
      return <ActivatePlanDialog key={key} user={user} onClose={onClose} />;
    case 'api-keys':
      return <UserApiKeysDialog key={key} user={user} onClose={onClose} />;
    case 'role':
      return <ChangeRoleDialog key={key} user={user} onClose={onClose} />;
    case 'ban':
      return <BanDialog key={key} user={user} onClose={onClose} />;
    case 'delete':
      return <DeleteUserDialog key={key} user={user} onClose={onClose} />;
  }
}

function BanDialog({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const ban = useBanUser();
  return (
    <BanUserDialog
      target={user}
      onBan={async (motivo) => toast.success((await ban.mutateAsync({ id: user.id, motivo })).message)}
      failureTitle={usersAdminMessages.operationFailed}
      onClose={onClose}
    />
  );
}
