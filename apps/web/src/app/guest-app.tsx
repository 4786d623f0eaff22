import { lazy, useEffect, useState } from 'react';

import { guestPageTitles, PageTitle } from '@/app/page-title';
import type { GuestNavigate, GuestTarget } from '@/features/auth/components/guest-link';
import { getSession, subscribeSession } from '@/lib/session';

const LoginPage = lazy(async () => ({
  default: (await import('@/app/routes/login-page')).LoginPage,
}));
const RegisterPage = lazy(async () => ({
  default: (await import('@/app/routes/register-page')).RegisterPage,
}));

type GuestPath = Exclude<GuestTarget, '/'>;

function guestPathOf(pathname: string): GuestPath | null {
  const path = pathname.replace(/\/+$/, '');
  return path === '/login' || path === '/register' ? path : null;
}

/** A first visit to /login or /register without a session. */
export function isGuestEntry(): boolean {
  return getSession() === null && guestPathOf(window.location.pathname) !== null;
}

/**
 * /login and /register on a first visit, without the router: the signed-out pages move between
 * each other with the browser's history, and anything else (the panel after signing in, the Back
 * button out of them) hands over to the whole panel (`onLeave`), which loads the router then.
 * Inside the panel the same pages are ordinary routes (app/routes/login.tsx, register.tsx).
 */
export function GuestApp({ onLeave }: { onLeave: () => void }) {
  const [path, setPath] = useState<GuestPath>(() => guestPathOf(window.location.pathname) ?? '/login');

  useEffect(() => {
    function onPopState() {
      const next = guestPathOf(window.location.pathname);
      if (next) setPath(next);
      else onLeave();
    }
    window.addEventListener('popstate', onPopState);
    // Signed in here or in another tab: a signed-in user has nothing to do on these pages.
    const unsubscribe = subscribeSession(() => {
      if (!getSession()) return;
      window.history.replaceState(null, '', '/');
      onLeave();
    });
    return () => {
      window.removeEventListener('popstate', onPopState);
      unsubscribe();
    };
  }, [onLeave]);

  const go: GuestNavigate = (to, options) => {
    if (options?.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    const next = guestPathOf(to);
    if (!next) return onLeave();
    setPath(next);
    window.scrollTo(0, 0);
  };

  return (
    <>
      <PageTitle title={guestPageTitles[path]} />
      {path === '/login' ? <LoginPage go={go} /> : <RegisterPage go={go} />}
    </>
  );
}
