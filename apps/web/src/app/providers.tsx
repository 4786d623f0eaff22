import { messages } from '@painel/shared/messages';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { toast } from 'sonner';

import { Toaster } from '@/components/ui/sonner';
import { followSessionAcrossTabs, getSessionState, subscribeSession } from '@/lib/session';

/** Why the panel signed the user out, for the ends that land on /login without a page of their own. */
const endNotices = {
  expired: messages.tokenExpired,
  unauthorized: messages.sessionEnded,
} as const;

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(() => {
    followSessionAcrossTabs();
    let wasSignedIn = getSessionState().session !== null;
    return subscribeSession(() => {
      const { session, endReason } = getSessionState();
      if (wasSignedIn && !session) {
        // Nothing cached for one user may show for the next.
        queryClient.clear();
        if (endReason === 'expired' || endReason === 'unauthorized') toast.error(endNotices[endReason]);
      }
      wasSignedIn = session !== null;
    });
  }, [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster position="top-center" richColors closeButton />
    </QueryClientProvider>
  );
}
