import { messages } from '@painel/shared/messages';
import type { RegisterRequest } from '@painel/shared/schemas/auth';
import { publicUserSchema } from '@painel/shared/schemas/user';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { apiRequest } from '@/lib/api-client';
import { signIn } from '@/lib/session';

/**
 * The server may answer a registration with a session (token and user) or without one
 * (product.md §7: "token and user (optional)"); anything unusable counts as "without".
 */
export const registerResponseSchema = z
  .object({
    token: z.string().min(1).optional().catch(undefined),
    user: publicUserSchema.optional().catch(undefined),
  })
  .catch({});

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
export function useRegisterUser() {
  return useMutation({
    mutationFn: async (body: RegisterRequest) => {
      const { token, user } = await registerUser(body);
      if (token && user) {
        signIn(token, user);
        return true;
      }
      return false;
    },
  });
}
