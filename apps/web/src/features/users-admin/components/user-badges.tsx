import { type PublicUser, type Role, roleLabels } from '@painel/shared/schemas/user';
import { userStatusLabel } from '@painel/shared/schemas/users-admin';

import { ToneBadge } from '@/components/ui/tone-badge';
import { roleTones, statusTones } from '@/features/users-admin/utils/user-display';

/** Banido, then Ativo, then Inativo (docs/product/users.md#users-screen). */
export function UserStatusBadge({ user }: { user: Pick<PublicUser, 'banido' | 'ativo'> }) {
  const label = userStatusLabel(user);
  return (
    <ToneBadge tone={statusTones[label]} data-status={label}>
      {label}
    </ToneBadge>
  );
}

export function UserRoleBadge({ tipo }: { tipo: Role }) {
  return <ToneBadge tone={roleTones[tipo]}>{roleLabels[tipo]}</ToneBadge>;
}
