import { messages } from '@painel/shared/messages';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

import { followSessionAcrossTabs, getSessionState, subscribeSession } from '@/lib/session';

/** Why the panel signed the user out, for the ends that land on /login without a page of their own. */
const endNotices = {
  expired: messages.tokenExpired,
  unauthorized: messages.sessionEnded,
} as const;

/**
 * Toasts come from signed-in pages and from the notice above, so the toaster (and sonner) is
 * downloaded only once there is a session or a notice to show, never for a first visit to
 * /login. Toasts raised before it arrives are shown when it mounts.
 */
const Toaster = lazy(async () => ({ default: (await import('@/components/ui/sonner')).Toaster }));

function showNotice(message: string) {
  void import('sonner').then(({ toast }) => toast.error(message));
}

/**
 * Around every page: follows the session across tabs and says why it ended. The query client
 * and zod's messages are set up by RequireAuth, for signed-in pages only (signed-in-providers).
 */
export function Providers({ children }: { children: ReactNode }) {
  const [toasterWanted, setToasterWanted] = useState(() => getSessionState().session !== null);

  useEffect(() => {
    followSessionAcrossTabs();
    let wasSignedIn = getSessionState().session !== null;
    return subscribeSession(() => {
      const { session, endReason } = getSessionState();
      if (session) setToasterWanted(true);
      if (wasSignedIn && !session && (endReason === 'expired' || endReason === 'unauthorized')) {
        setToasterWanted(true);
        showNotice(endNotices[endReason]);
      }
      wasSignedIn = session !== null;
    });
  }, []);

  return (
    <>
      {children}
      {toasterWanted && (
        <Suspense fallback={null}>
          <Toaster position="top-center" richColors closeButton />
        </Suspense>
      )}
    </>
  );
}
