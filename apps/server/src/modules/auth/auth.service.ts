import { messages } from '@painel/shared/messages';
import type { AuthResponse } from '@painel/shared/schemas/user';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { Limiter } from '../../lib/rate-limit.ts';
import type { TokenService } from '../../lib/tokens.ts';
import { writeLog } from '../logs/log.repository.ts';
import { loadPublicUser } from '../users/user.presenter.ts';
import { findLoginAccount, insertUserIdIfEmailFree } from '../users/users.repository.ts';
import { type CaptchaOptions, consumeCaptcha } from './captcha.service.ts';
import { openSession, type SessionMeta } from './session.service.ts';
import type { SessionGuard } from './session-guard.ts';

export interface AuthDeps {
  db: Database;
  tokens: TokenService;
  captcha: CaptchaOptions;
  sessionTtlHours: number;
  sessions: SessionGuard;
  limits: { authPerIp: Limiter; loginPerAccount: Limiter };
}

export interface RequestMeta extends SessionMeta {}

async function requireCaptcha(deps: AuthDeps, id: string, answer: string): Promise<void> {
  if (!(await consumeCaptcha(deps.db, id, answer, deps.captcha))) {
    throw new AppError('CAPTCHA_INVALID', messages.captchaInvalid, {
      fields: { captcha_answer: messages.captchaInvalid },
    });
  }
}

async function signIn(
  deps: AuthDeps,
  userId: number,
  meta: RequestMeta,
  acao: string,
): Promise<AuthResponse> {
  const session = await deps.db.transaction(async (tx) => {
    const opened = await openSession(tx, userId, deps.sessionTtlHours, meta);
    await writeLog(tx, {
      tipo: 'login',
      acao,
      userId,
      ip: meta.ip,
      detalhes: { user_agent: meta.userAgent, sessoes_encerradas: opened.evicted.length },
    });
    return opened;
  });
  deps.sessions.sessionsEnded(session.evicted);
  const user = await loadPublicUser(deps.db, userId);
  if (!user) throw new AppError('SESSION_ENDED', messages.sessionEnded);
  const token = await deps.tokens.sign({ userId, sessionId: session.sessionId }, session.expiresAt);
  return { token, user };
}

export interface RegisterInput {
  nome: string;
  email: string;
  senha: string;
  captcha_id: string;
  captcha_answer: string;
}

export async function register(
  deps: AuthDeps,
  input: RegisterInput,
  meta: RequestMeta,
): Promise<AuthResponse> {
  await deps.limits.authPerIp.consume(meta.ip ?? 'unknown');
  await requireCaptcha(deps, input.captcha_id, input.captcha_answer);
  const senhaHash = await hashPassword(input.senha);
  const createdId = await insertUserIdIfEmailFree(deps.db, {
    nome: input.nome,
    email: input.email,
    senhaHash,
    tipo: 'usuario',
  });
  if (createdId === undefined) {
    throw new AppError('EMAIL_IN_USE', messages.emailInUse, { fields: { email: messages.emailInUse } });
  }
  return signIn(deps, createdId, meta, 'register');
}

export interface LoginInput {
  email: string;
  senha: string;
  captcha_id: string;
  captcha_answer: string;
}

export async function login(deps: AuthDeps, input: LoginInput, meta: RequestMeta): Promise<AuthResponse> {
  await deps.limits.authPerIp.consume(meta.ip ?? 'unknown');
  await requireCaptcha(deps, input.captcha_id, input.captcha_answer);
  await deps.limits.loginPerAccount.check(input.email);

  const user = await findLoginAccount(deps.db, input.email);
  // An unknown email costs the same as a wrong password, so timing tells nothing.
  const passwordOk = await verifyPassword(user?.senhaHash ?? dummyPasswordHash, input.senha);
  if (!user || !passwordOk) {
    await deps.limits.loginPerAccount.consume(input.email);
    throw new AppError('INVALID_CREDENTIALS', messages.invalidCredentials);
  }
  await deps.limits.loginPerAccount.reset(input.email);
  if (user.banido) throw new AppError('USER_BANNED', messages.userBanned(user.motivoBanimento));
  if (!user.ativo) throw new AppError('USER_INACTIVE', messages.userInactive);
  return signIn(deps, user.id, meta, 'login');
}

export async function logout(deps: AuthDeps, sessionId: string): Promise<void> {
  await deps.sessions.endSession(deps.db, sessionId, 'logout');
}
