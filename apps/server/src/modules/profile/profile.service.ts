import { messages } from '@painel/shared/messages';
import { can } from '@painel/shared/rules/policy';
import type { PublicUser } from '@painel/shared/schemas/user';
import type { changePasswordSchema, updateProfileSchema } from '@painel/shared/schemas/users-admin';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { Limiter } from '../../lib/rate-limit.ts';
import type { AuthContext } from '../auth/session.service.ts';
import type { SessionGuard } from '../auth/session-guard.ts';
import { loadPublicUser } from '../users/user.presenter.ts';
import { emailInUse } from '../users/user-scope.ts';
import { isUniqueViolation } from '../users/users.repository.ts';
import { findCredentials, setPasswordHash, updateOwnFields } from './profile.repository.ts';

export interface ProfileDeps {
  db: Database;
  sessions: SessionGuard;
  /** Wrong current passwords count with wrong logins of the same account. */
  passwordAttempts: Limiter;
}

type Self = Pick<AuthContext, 'userId' | 'tipo' | 'sessionId'>;

/** PUT /profile: contacts are kept only for resellers, who show them to their clients. */
export async function updateOwnProfile(
  deps: ProfileDeps,
  self: Self,
  input: z.output<typeof updateProfileSchema>,
): Promise<PublicUser> {
  const contacts = can(self.tipo, 'haveContacts')
    ? {
        ...(input.whatsapp_contato !== undefined ? { whatsappContato: input.whatsapp_contato } : {}),
        ...(input.telegram_contato !== undefined ? { telegramContato: input.telegram_contato } : {}),
      }
    : {};
  try {
    await updateOwnFields(deps.db, self.userId, { nome: input.nome, email: input.email, ...contacts });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
  deps.sessions.userChanged(self.userId);
  // A reseller's (or admin's) name and contacts are shown to their clients too.
  if (self.tipo !== 'usuario') deps.sessions.sharedDataChanged();
  const user = await loadPublicUser(deps.db, self.userId);
  if (!user) throw new AppError('SESSION_ENDED', messages.sessionEnded);
  return user;
}

/** POST /profile/change-password: the current password proves it is the owner; other sessions end. */
export async function changeOwnPassword(
  deps: ProfileDeps,
  self: Self,
  input: z.output<typeof changePasswordSchema>,
): Promise<void> {
  const row = await findCredentials(deps.db, self.userId);
  if (!row) throw new AppError('SESSION_ENDED', messages.sessionEnded);
  await deps.passwordAttempts.check(row.email);
  if (!(await verifyPassword(row.senhaHash, input.senhaAtual))) {
    await deps.passwordAttempts.consume(row.email);
    throw new AppError('WRONG_PASSWORD', messages.wrongCurrentPassword, {
      fields: { senhaAtual: messages.wrongCurrentPassword },
    });
  }
  const senhaHash = await hashPassword(input.novaSenha);
  await setPasswordHash(deps.db, self.userId, senhaHash);
  await deps.sessions.endUserSessions(deps.db, self.userId, 'password_changed', self.sessionId);
}
