import { lazy, Suspense, startTransition, useCallback, useState } from 'react';

import { GuestApp, isGuestEntry } from '@/app/guest-app';
import { PageLoading } from '@/app/page-loading';

const Panel = lazy(async () => ({ default: (await import('@/app/app')).App }));

/**
 * What the first page load renders: the signed-out pages on their own on a first visit to
 * /login or /register (so they download React and their form, not the router and the rest of
 * the panel), the whole panel otherwise. Leaving the signed-out pages keeps them on screen until
 * the panel's code has arrived.
 */
export function Entry() {
  const [guest, setGuest] = useState(isGuestEntry);
  const leave = useCallback(() => startTransition(() => setGuest(false)), []);

  return <Suspense fallback={<PageLoading />}>{guest ? <GuestApp onLeave={leave} /> : <Panel />}</Suspense>;
}
