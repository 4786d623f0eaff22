import { can } from '@painel/shared/rules/policy';
import type { PublicUser } from '@painel/shared/schemas/user';

export type UserAction =
  | 'edit'
  | 'credits-add'
  | 'credits-remove'
  | 'days-add'
  | 'days-remove'
  | 'limits'
  | 'plan'
  | 'api-keys'
  | 'role'
  | 'ban'
  | 'unban'
  | 'delete';

/**
 * What `viewer` may do to `target` on the users screen (docs/product/roles.md#role-table). The
 * list already holds only users the viewer manages; role and delete are the admin's, and an
 * admin never bans, deletes or changes the role of its own account. The server enforces it all.
 */
export function allowedActions(viewer: Pick<PublicUser, 'id' | 'tipo'>, target: PublicUser): Set<UserAction> {
  const self = viewer.id === target.id;
  const actions = new Set<UserAction>([
    'edit',
    'credits-add',
    'credits-remove',
    'days-add',
    'days-remove',
    'limits',
    'plan',
    'api-keys',
  ]);
  if (can(viewer.tipo, 'setUserRole') && !self) actions.add('role');
  if (target.banido) actions.add('unban');
  else if (!self) actions.add('ban');
  if (can(viewer.tipo, 'deleteUsers') && !self) actions.add('delete');
  return actions;
}
