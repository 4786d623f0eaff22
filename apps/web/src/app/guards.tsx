import { Navigate, Outlet } from 'react-router';

import { can } from '@/lib/authorization';
import { useSession, useSessionState } from '@/lib/session';

/**
 * Signed-in pages. Without a session the user goes to /login, or to /sessao-encerrada when the
 * session just ended because the account signed in elsewhere (the same place the API client
 * sends them, so the two never race to different pages).
 */
export function RequireAuth() {
  const { session, endReason } = useSessionState();
  if (!session) return <Navigate to={endReason === 'evicted' ? '/sessao-encerrada' : '/login'} replace />;
  return <Outlet />;
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
