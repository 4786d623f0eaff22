import { can } from '@painel/shared/rules/policy';
import { type ReactNode, Suspense, use } from 'react';
import { Navigate, Outlet } from 'react-router';
import { PageLoading } from '@/app/page-loading';
import { getSession, subscribeSession, useSession, useSessionState } from '@/lib/session';

type SignedInModule = typeof import('@/app/signed-in-providers');

let signedIn: SignedInModule | undefined;
let signedInLoading: Promise<SignedInModule> | undefined;

function loadSignedIn(): Promise<SignedInModule> {
  signedInLoading ??= import('@/app/signed-in-providers').then((module) => {
    signedIn = module;
    return module;
  });
  return signedInLoading;
}

// Start that download as soon as there is a session, next to the page's own code, not after it.
if (getSession()) void loadSignedIn();
subscribeSession(() => {
  if (getSession()) void loadSignedIn();
});

function SignedIn({ children }: { children: ReactNode }) {
  const { SignedInProviders } = signedIn ?? use(loadSignedIn());
  return <SignedInProviders>{children}</SignedInProviders>;
}

/**
 * Signed-in pages. Without a session the user goes to /login, or to /sessao-encerrada when the
 * session just ended because the account signed in elsewhere (the same place the API client
 * sends them, so the two never race to different pages).
 */
export function RequireAuth() {
  const { session, endReason } = useSessionState();
  if (!session) return <Navigate to={endReason === 'evicted' ? '/sessao-encerrada' : '/login'} replace />;
  return (
    <SignedInArea>
      <Outlet />
    </SignedInArea>
  );
}

/** What a signed-in page needs around it (the query client, zod's messages), loaded once. */
export function SignedInArea({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <SignedIn>{children}</SignedIn>
    </Suspense>
  );
}

/** /login and /register: a signed-in user has nothing to do there. */
export function GuestOnly() {
  const session = useSession();
  if (session) return <Navigate to="/" replace />;
  return <Outlet />;
}

/** /admin/*: admin and revendedor only; everybody else goes back to the dashboard. */
export function AdminOnly() {
  const session = useSession();
  if (!session || !can(session.user.tipo, 'openAdmin')) return <Navigate to="/" replace />;
  return <Outlet />;
}
