import { profileContract } from '@painel/shared/contracts/profile';
import type { UpdateProfileInput } from '@painel/shared/schemas/users-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { profileMessages } from '@/features/profile/profile-messages';
import { callEndpoint } from '@/lib/api-client';
import { updateSessionUser } from '@/lib/session';

/** PUT /profile: name and email; the server keeps WhatsApp and Telegram only for a revendedor. */
export function updateProfile(body: UpdateProfileInput) {
  return callEndpoint(profileContract.update, { body }, { fallbackError: profileMessages.updateFailed });
}

/** Saves and writes the saved user to the session, so the header shows the new name at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => {
      updateSessionUser(user);
      queryClient.setQueryData(['profile', user.id], user);
    },
  });
}
