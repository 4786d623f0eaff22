import type { PublicUser } from '@painel/shared/schemas/user';
import type { ReactNode } from 'react';

import { AppHeader } from '@/components/layouts/app-header';
import { PendingOutlet } from '@/components/layouts/pending-outlet';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layouts/skip-link';
import { useLogoutUser } from '@/features/auth/api/logout-user';
import { LotesIndicator } from '@/features/lotes/components/lotes-indicator';
import { useProfile } from '@/lib/get-profile';
import { useSession } from '@/lib/session';

/**
 * Frame of every signed-in page: the skip link, the header (kept fresh by the profile poll, with the
 * running batches' indicator) and the page.
 */
export function Component() {
  const session = useSession();
  // RequireAuth renders this only with a session; this covers the render in which it ends.
  if (!session) return null;
  return <SignedInShell user={session.user} />;
}

/** The frame around `children`, or around the route's page (with its loading skeleton) when none is given. */
export function SignedInShell({ user, children }: { user: PublicUser; children?: ReactNode }) {
  useProfile(user.id);
  const logout = useLogoutUser();

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <AppHeader
        user={user}
        onSignOut={() => logout.mutate()}
        signingOut={logout.isPending}
        status={<LotesIndicator userId={user.id} />}
      />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 scroll-mt-16 px-4 py-6 outline-none sm:px-6 sm:py-8"
      >
        {children ?? <PendingOutlet base="/" nested={['/admin']} />}
      </main>
    </div>
  );
}
