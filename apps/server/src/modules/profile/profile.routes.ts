import { profileContract } from '@painel/shared/contracts/profile';
import { sessionContract } from '@painel/shared/contracts/session';
import { messages } from '@painel/shared/messages';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { serve } from '../../plugins/serve.ts';
import { loadPublicUser } from '../users/user.presenter.ts';
import { creditStatement } from '../users/users.repository.ts';
import { changeOwnPassword, updateOwnProfile } from './profile.service.ts';

export const profileRoutes: FastifyPluginAsync = async (app) => {
  const { services } = app;
  const deps = {
    db: services.db,
    sessions: services.sessions,
    passwordAttempts: services.limits.loginPerAccount,
  };

  // Polled every 5 s: kept per user until the user changes (lib/polled-answers.ts).
  serve(app, sessionContract.me, ({ auth }) =>
    services.polled.get(auth.userId, 'profile', 0, async () => {
      const user = await loadPublicUser(services.db, auth.userId);
      if (!user) throw new AppError('SESSION_ENDED', messages.sessionEnded);
      return { user };
    }),
  );

  serve(app, profileContract.update, async ({ auth, body }) => ({
    user: await updateOwnProfile(deps, auth, body),
    message: messages.profileUpdated,
  }));

  serve(app, profileContract.changePassword, async ({ auth, body }) => {
    await changeOwnPassword(deps, auth, body);
    return { message: messages.passwordChanged };
  });

  serve(app, profileContract.credits, ({ auth, query }) =>
    creditStatement(services.db, auth.userId, query.page, query.limit),
  );
};
