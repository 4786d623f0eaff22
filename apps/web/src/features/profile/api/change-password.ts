import { profileContract } from '@painel/shared/contracts/profile';
import type { ChangePasswordInput } from '@painel/shared/schemas/users-admin';
import { useMutation } from '@tanstack/react-query';

import { profileMessages } from '@/features/profile/profile-messages';
import { callEndpoint } from '@/lib/api-client';

/**
 * POST /profile/change-password. The server ends every other session of the account and keeps
 * this one, so the panel stays signed in (docs/product/sessions.md#sessions).
 */
export function changePassword(body: ChangePasswordInput) {
  return callEndpoint(
    profileContract.changePassword,
    { body },
    { fallbackError: profileMessages.passwordFailed },
  );
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
