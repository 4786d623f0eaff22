import { messages } from '@painel/shared/messages';
import type { LoginRequest } from '@painel/shared/schemas/auth';

import { apiRequest } from '@/lib/api-client';
import { authResponseShape } from '@/lib/first-load-schemas';
import { signIn } from '@/lib/session';

export function loginUser(body: LoginRequest) {
  return apiRequest('/auth/login', {
    method: 'POST',
    body,
    schema: authResponseShape,
    fallbackError: messages.loginFailed,
    isAuthCall: true,
  });
}

/** Logs in and keeps the token and user as the session. */
export async function logIn(body: LoginRequest): Promise<void> {
  const { token, user } = await loginUser(body);
  signIn(token, user);
}
