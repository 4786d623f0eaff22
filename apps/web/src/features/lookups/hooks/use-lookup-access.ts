import { hasAccess } from '@painel/shared/rules/access';
import type { PublicUser } from '@painel/shared/schemas/user';

import { useTrialUsage } from '@/features/lookups/api/get-trial-usage';
import { useProfile } from '@/lib/get-profile';

export interface LookupAccess {
  user: PublicUser;
  /** No active access: the user is in trial mode (docs/product/lookups.md#access). */
  inTrial: boolean;
  /** Credits, null while the profile cannot be read (shown as a dash, docs/product/lookups.md#dashboard). */
  creditos: number | null;
  /** Tests left, null while unknown. */
  trialRemaining: number | null;
  trialLimit: number | null;
}

/**
 * What decides which lookups the user may run, kept fresh by the 5 s polls. When the profile
 * cannot be read, credits show as a dash and the user is treated as not subscribed (docs/product/lookups.md#dashboard).
 */
export function useLookupAccess(sessionUser: PublicUser, now: Date = new Date()): LookupAccess {
  const profile = useProfile(sessionUser.id);
  const trial = useTrialUsage(sessionUser.id);
  const user = profile.data ?? sessionUser;
  const profileFailed = profile.isError && !profile.data;
  return {
    user,
    inTrial: profileFailed || !hasAccess(user, now),
    creditos: profileFailed ? null : user.creditos,
    trialRemaining: trial.data?.trial_remaining ?? null,
    trialLimit: trial.data?.trial_limit ?? null,
  };
}
