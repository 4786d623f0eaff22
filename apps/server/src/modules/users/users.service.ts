import { messages } from '@painel/shared/messages';
import { activeDaysLeft } from '@painel/shared/rules/access';
import { can } from '@painel/shared/rules/policy';
import type { PublicUser, Role } from '@painel/shared/schemas/user';
import type {
  createUserSchema,
  updateUserSchema,
  userListQuerySchema,
} from '@painel/shared/schemas/users-admin';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError, notFound, validationError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { resellerIdOf, type Scope } from '../auth/scope.ts';
import { endUserSessions } from '../auth/session.repository.ts';
import { writeActionLog } from '../logs/log.repository.ts';
import { moveCredits } from './credit-transfer.ts';
import { loadPublicUser } from './user.presenter.ts';
import {
  auditView,
  type Caller,
  changedFields,
  emailInUse,
  refuseSelf,
  requireCan,
  requireManaged,
  type UsersDeps,
  withManagedUser,
} from './user-scope.ts';
import {
  creditStatement,
  deleteUserRow,
  findUser,
  insertUserIfEmailFree,
  isUniqueViolation,
  listUsers,
  type NewUserRow,
  patchUser,
  patchUserReturning,
} from './users.repository.ts';

const DAY_MS = 86_400_000;

/** A user as responses show it, read after the change is committed. */
export async function presentUser(deps: UsersDeps, userId: number): Promise<PublicUser> {
  const user = await loadPublicUser(deps.db, userId);
  if (!user) throw notFound(messages.userNotFound);
  return user;
}

/** GET /users: one page of the users the scope reaches (an admin all, a reseller its clients). */
export async function listUsersFor(
  deps: UsersDeps,
  scope: Scope,
  query: z.output<typeof userListQuerySchema>,
) {
  const { users: page, total } = await listUsers(
    deps.db,
    { resellerId: resellerIdOf(scope), q: query.q, tipo: query.tipo },
    query.page,
    query.limit,
  );
  return { users: page, total, totalPages: Math.max(1, Math.ceil(total / query.limit)), page: query.page };
}

export async function getUser(deps: UsersDeps, caller: Caller, id: number): Promise<PublicUser> {
  requireManaged(caller, await findUser(deps.db, id));
  return presentUser(deps, id);
}

/** docs/product/users.md#create-user: a reseller creates only usuarios linked to self, paid from own balance. */
export async function createUser(
  deps: UsersDeps,
  caller: Caller,
  input: z.output<typeof createUserSchema>,
): Promise<PublicUser> {
  if (!can(caller.tipo, 'createAnyRole') && input.tipo !== 'usuario') {
    throw new AppError('FORBIDDEN', messages.resellerCreatesUsuarioOnly);
  }
  const senhaHash = await hashPassword(input.senha);
  const createdId = await deps.db.transaction(async (tx) => {
    const created = await insertUserIfEmailFree(tx, {
      nome: input.nome,
      email: input.email,
      senhaHash,
      tipo: input.tipo,
      revendedorId: can(caller.tipo, 'serveOwnClients') ? caller.userId : null,
      dataExpiracao: new Date(Date.now() + input.dias_ativos * DAY_MS),
    });
    if (!created) throw emailInUse();
    await moveCredits(tx, caller, created.id, Math.round(input.creditos * 100));
    const after = await findUser(tx, created.id);
    await writeActionLog(
      tx,
      caller,
      'usuario_criado',
      { targetUserId: created.id, depois: after && auditView(after) },
      caller.ip,
    );
    return created.id;
  });
  return presentUser(deps, createdId);
}

/** The expiry an edit asks for: a changed date wins; otherwise changed active days count from now. */
function requestedExpiry(
  target: UserRow,
  input: Pick<z.output<typeof updateUserSchema>, 'data_expiracao' | 'dias_ativos'>,
): Date | null | undefined {
  const current = target.dataExpiracao?.getTime() ?? null;
  if (input.data_expiracao !== undefined && (input.data_expiracao?.getTime() ?? null) !== current) {
    return input.data_expiracao;
  }
  if (input.dias_ativos !== undefined && input.dias_ativos !== activeDaysLeft(target.dataExpiracao)) {
    return input.dias_ativos === 0 ? null : new Date(Date.now() + input.dias_ativos * DAY_MS);
  }
  return undefined;
}

async function requireResponsible(db: Executor, id: number, targetId: number): Promise<void> {
  if (id === targetId) throw validationError({ revendedor_id: messages.responsibleIsSelf });
  const responsible = await findUser(db, id);
  if (!responsible || !can(responsible.tipo, 'beResponsible')) {
    throw validationError({ revendedor_id: messages.responsibleNotFound });
  }
}

/** PUT /users/{id} (docs/product/users.md#edit-user); tipo and revendedor_id are the admin's alone. */
export async function updateUser(
  deps: UsersDeps,
  caller: Caller,
  id: number,
  input: z.output<typeof updateUserSchema>,
): Promise<PublicUser> {
  const senhaHash = input.senha ? await hashPassword(input.senha) : undefined;
  let responsible = false;
  try {
    await withManagedUser(
      deps.db,
      caller,
      id,
      async (tx, before) => {
        responsible = before.tipo !== 'usuario' || (input.tipo !== undefined && input.tipo !== 'usuario');
        const patch: Partial<NewUserRow> = {};
        if (input.tipo !== undefined && input.tipo !== before.tipo) {
          requireCan(caller, 'setUserRole');
          refuseSelf(caller, id);
          patch.tipo = input.tipo;
        }
        if (input.revendedor_id !== undefined && input.revendedor_id !== before.revendedorId) {
          requireCan(caller, 'setResponsible');
          if (input.revendedor_id !== null) await requireResponsible(tx, input.revendedor_id, id);
          patch.revendedorId = input.revendedor_id;
        }
        if (input.nome !== undefined) patch.nome = input.nome;
        if (input.email !== undefined) patch.email = input.email;
        if (input.ativo !== undefined && input.ativo !== before.ativo) {
          if (!input.ativo) refuseSelf(caller, id);
          patch.ativo = input.ativo;
        }
        const banido = input.banido ?? before.banido;
        const motivo = input.motivo_banimento !== undefined ? input.motivo_banimento : before.motivoBanimento;
        if (banido) {
          if (!motivo) throw validationError({ motivo_banimento: messages.banReasonRequired });
          if (!before.banido) refuseSelf(caller, id);
          patch.banido = true;
          patch.motivoBanimento = motivo;
        } else {
          patch.banido = false;
          patch.motivoBanimento = null;
        }
        const expiry = requestedExpiry(before, input);
        if (expiry !== undefined) patch.dataExpiracao = expiry;
        if (input.whatsapp_contato !== undefined) patch.whatsappContato = input.whatsapp_contato;
        if (input.telegram_contato !== undefined) patch.telegramContato = input.telegram_contato;
        if (input.modulos !== undefined) patch.modulos = input.modulos;
        if (senhaHash) patch.senhaHash = senhaHash;

        await patchUser(tx, id, { ...patch, updatedAt: new Date() });
        if (input.creditos !== undefined) {
          await moveCredits(tx, caller, id, Math.round(input.creditos * 100) - before.creditosCents);
        }
        if (patch.banido && !before.banido) {
          await endUserSessions(tx, id, 'banned');
        } else if (patch.ativo === false) {
          // Ended, not merely refused while inactive: reactivating must not revive old tokens.
          await endUserSessions(tx, id, 'deactivated');
        } else if (senhaHash) {
          // An admin's reset ends the user's sessions; editing oneself keeps the current one.
          await endUserSessions(
            tx,
            id,
            'password_changed',
            caller.userId === id ? caller.sessionId : undefined,
          );
        }
        const after = await findUser(tx, id);
        if (!after) throw notFound(messages.userNotFound);
        await writeActionLog(
          tx,
          caller,
          'usuario_editado',
          {
            targetUserId: id,
            ...changedFields(before, after),
            ...(senhaHash ? { senha_alterada: true } : {}),
          },
          caller.ip,
        );
      },
      { lockCaller: can(caller.tipo, 'serveOwnClients') && input.creditos !== undefined },
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
  userChanged(deps, id, responsible);
  return presentUser(deps, id);
}

/**
 * After a committed change to a user: their cached session and polled answers go, in every
 * process; a reseller's or admin's name and contacts are also shown to their clients, so a change
 * to one drops every user's polled answers.
 */
function userChanged(deps: UsersDeps, id: number, responsible: boolean): void {
  deps.sessions.userChanged(id);
  if (responsible) deps.sessions.sharedDataChanged();
}

/** Admin only, never oneself; the user's sessions end with it. */
export async function deleteUser(deps: UsersDeps, caller: Caller, id: number): Promise<void> {
  requireCan(caller, 'deleteUsers');
  refuseSelf(caller, id);
  let responsible = false;
  await withManagedUser(deps.db, caller, id, async (tx, before) => {
    responsible = before.tipo !== 'usuario';
    await endUserSessions(tx, id, 'deleted');
    await writeActionLog(
      tx,
      caller,
      'usuario_deletado',
      { targetUserId: id, antes: auditView(before) },
      caller.ip,
    );
    await deleteUserRow(tx, id);
  });
  userChanged(deps, id, responsible);
}

/**
 * One change to a managed user: the patch, an audit entry with the fields it changed (before and
 * after), then every session of the user sees it. `alsoInTransaction` commits with it.
 */
export async function changeUser(
  deps: UsersDeps,
  caller: Caller,
  id: number,
  acao: string,
  patchOf: (before: UserRow) => Partial<NewUserRow>,
  options: { alsoInTransaction?: (tx: Executor) => Promise<void>; detalhes?: Record<string, unknown> } = {},
): Promise<PublicUser> {
  let responsible = false;
  await withManagedUser(deps.db, caller, id, async (tx, before) => {
    const after = await patchUserReturning(tx, id, { ...patchOf(before), updatedAt: new Date() });
    responsible = before.tipo !== 'usuario' || (after !== undefined && after.tipo !== 'usuario');
    await options.alsoInTransaction?.(tx);
    await writeActionLog(
      tx,
      caller,
      acao,
      { targetUserId: id, ...options.detalhes, ...(after ? changedFields(before, after) : {}) },
      caller.ip,
    );
  });
  userChanged(deps, id, responsible);
  return presentUser(deps, id);
}

/** POST /users/{id}/ban: with its reason; every session of the user ends. */
export function banUser(deps: UsersDeps, caller: Caller, id: number, motivo: string): Promise<PublicUser> {
  refuseSelf(caller, id);
  return changeUser(deps, caller, id, 'usuario_banido', () => ({ banido: true, motivoBanimento: motivo }), {
    alsoInTransaction: (tx) => endUserSessions(tx, id, 'banned'),
  });
}

export function unbanUser(deps: UsersDeps, caller: Caller, id: number): Promise<PublicUser> {
  return changeUser(deps, caller, id, 'usuario_desbanido', () => ({ banido: false, motivoBanimento: null }));
}

/** PUT /users/{id}/role: admin only, and not on oneself (the last admin could lock everyone out). */
export function changeRole(deps: UsersDeps, caller: Caller, id: number, tipo: Role): Promise<PublicUser> {
  requireCan(caller, 'setUserRole');
  refuseSelf(caller, id);
  return changeUser(deps, caller, id, 'role_alterado', () => ({ tipo }));
}

/** GET /users/{id}/credits: every real of the balance explained, for whoever manages the user. */
export async function getCreditStatement(
  deps: UsersDeps,
  caller: Caller,
  id: number,
  page: number,
  limit: number,
) {
  requireManaged(caller, await findUser(deps.db, id));
  return creditStatement(deps.db, id, page, limit);
}
