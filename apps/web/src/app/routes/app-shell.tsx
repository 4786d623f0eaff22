import type { PublicUser } from '@painel/shared/schemas/user';
import { Outlet } from 'react-router';

import { AppHeader } from '@/components/layouts/app-header';
import { useLogoutUser } from '@/features/auth/api/logout-user';
import { useProfile } from '@/lib/get-profile';
import { useSession } from '@/lib/session';

/** Frame of every signed-in page: the header (kept fresh by the profile poll) and the page. */
export function Component() {
  const session = useSession();
  // RequireAuth renders this only with a session; this covers the render in which it ends.
  if (!session) return null;
  return <SignedInShell user={session.user} />;
}

function SignedInShell({ user }: { user: PublicUser }) {
  useProfile(user.id);
  const logout = useLogoutUser();

  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader user={user} onSignOut={() => logout.mutate()} signingOut={logout.isPending} />
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
        <Outlet />
      </main>
    </div>
  );
}
