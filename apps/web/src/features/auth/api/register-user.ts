import { messages } from '@painel/shared/messages';
import type { RegisterRequest } from '@painel/shared/schemas/auth';
import type { PublicUser } from '@painel/shared/schemas/user';

import { apiRequest } from '@/lib/api-client';
import { publicUserShape } from '@/lib/first-load-schemas';
import { signIn } from '@/lib/session';

interface RegisterResponse {
  token?: string;
  user?: PublicUser;
}

/**
 * The server may answer a registration with a session (token and user) or without one
 * (docs/product/sessions.md#register); anything unusable counts as "without", so this
 * parse never fails.
 */
export const registerResponseSchema = {
  safeParse(data: unknown): { success: true; data: RegisterResponse } {
    const body = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
    const token = typeof body.token === 'string' && body.token !== '' ? body.token : undefined;
    const user = publicUserShape.safeParse(body.user);
    return { success: true, data: { token, user: user.success ? user.data : undefined } };
  },
};

export function registerUser(body: RegisterRequest) {
  return apiRequest('/auth/register', {
    method: 'POST',
    body,
    schema: registerResponseSchema,
    fallbackError: messages.registerFailed,
    isAuthCall: true,
  });
}

/** Registers; resolves to true when the answer also signed the new user in. */
export async function registerAndSignIn(body: RegisterRequest): Promise<boolean> {
  const { token, user } = await registerUser(body);
  if (!token || !user) return false;
  signIn(token, user);
  return true;
}
