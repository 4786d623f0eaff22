import { messages } from '@painel/shared/messages';
import type { LoginRequest } from '@painel/shared/schemas/auth';
import { authResponseSchema } from '@painel/shared/schemas/user';
import { useMutation } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { signIn } from '@/lib/session';

export function loginUser(body: LoginRequest) {
  return apiRequest('/auth/login', {
    method: 'POST',
    body,
    schema: authResponseSchema,
    fallbackError: messages.loginFailed,
    isAuthCall: true,
  });
}

/** Logs in and keeps the token and user as the session. */
export function useLoginUser() {
  return useMutation({
    mutationFn: loginUser,
    onSuccess: ({ token, user }) => signIn(token, user),
  });
}
