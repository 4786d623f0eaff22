import { userMutationResponseSchema } from '@painel/shared/schemas/users-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { apiRequest } from '@/lib/api-client';

/** Credits (whole credits) or days of access, added or removed. */
export type BalanceKind = 'credits' | 'days';
export type BalanceDirection = 'add' | 'remove';

export interface BalanceChange {
  id: number;
  kind: BalanceKind;
  direction: BalanceDirection;
  amount: number;
}

/** POST /users/{id}/credits/{add|remove} {amount} and /days/{add|remove} {days}. */
export function changeBalance({ id, kind, direction, amount }: BalanceChange) {
  return apiRequest(`/users/${id}/${kind}/${direction}`, {
    method: 'POST',
    spendsMoney: true,
    body: kind === 'credits' ? { amount } : { days: amount },
    schema: userMutationResponseSchema,
    fallbackError: usersAdminMessages.operationFailed,
  });
}

export function useChangeBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBalance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
