import type { PublicUser, Role } from '@painel/shared/schemas/user';
import type { UserStatusLabel } from '@painel/shared/schemas/users-admin';

import type { Tone } from '@/components/ui/tone-badge';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { formatDateTime } from '@/lib/format';

/** The expiry column: the date and time, or 'Sem expiração'. */
export function expiryLabel(user: Pick<PublicUser, 'data_expiracao'>): string {
  return user.data_expiracao ? formatDateTime(user.data_expiracao) : usersAdminMessages.noExpiry;
}

export const statusTones: Record<UserStatusLabel, Tone> = {
  Banido: 'red',
  Ativo: 'green',
  Inativo: 'grey',
};

export const roleTones: Record<Role, Tone> = {
  admin: 'blue',
  revendedor: 'orange',
  usuario: 'grey',
};

/** A Date as the value of an <input type="datetime-local"> in the browser's time zone. */
export function toDateTimeLocal(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
