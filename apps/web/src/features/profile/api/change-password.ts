import type { ChangePasswordInput } from '@painel/shared/schemas/users-admin';
import { messageResponseSchema } from '@painel/shared/schemas/users-admin';
import { useMutation } from '@tanstack/react-query';

import { profileMessages } from '@/features/profile/profile-messages';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /profile/change-password. The server ends every other session of the account and keeps
 * this one, so the panel stays signed in (docs/product/sessions.md#sessions).
 */
export function changePassword(body: ChangePasswordInput) {
  return apiRequest('/profile/change-password', {
    method: 'POST',
    body,
    schema: messageResponseSchema,
    fallbackError: profileMessages.passwordFailed,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
