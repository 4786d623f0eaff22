import { userContract } from '@painel/shared/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { usersKey } from '@/features/users-admin/api/get-users';
import { usersAdminMessages } from '@/features/users-admin/users-admin-messages';
import { callEndpoint, type EndpointCallOptions } from '@/lib/api-client';

/** Credits (whole credits) or days of access, added or removed. */
export type BalanceKind = 'credits' | 'days';
export type BalanceDirection = 'add' | 'remove';

export interface BalanceChange {
  id: number;
  kind: BalanceKind;
  direction: BalanceDirection;
  amount: number;
}

const credits = { add: userContract.addCredits, remove: userContract.removeCredits };
const days = { add: userContract.addDays, remove: userContract.removeDays };

/** POST /users/{id}/credits/{add|remove} {amount} and /days/{add|remove} {days}. */
export function changeBalance({ id, kind, direction, amount }: BalanceChange) {
  const params = { id: String(id) };
  const options: EndpointCallOptions = {
    spendsMoney: true,
    fallbackError: usersAdminMessages.operationFailed,
  };
  return kind === 'credits'
    ? callEndpoint(credits[direction], { params, body: { amount } }, options)
    : callEndpoint(days[direction], { params, body: { days: amount } }, options);
}

export function useChangeBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeBalance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
