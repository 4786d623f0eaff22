import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';

import { PageSkeleton } from '@/components/layouts/page-skeleton';

/** A page whose code is already here opens at once; only a slower one shows the skeleton. */
const SKELETON_DELAY_MS = 150;

function isInside(pathname: string, base: string): boolean {
  return base === '/' || pathname === base || pathname.startsWith(`${base}/`);
}

interface PendingOutletProps {
  /** The paths this layout frames ('/' for the signed-in shell, '/admin' for the admin layout). */
  base: string;
  /** Layouts inside this one that show their own skeleton when the user moves within them. */
  nested?: string[];
}

/**
 * The layout's page, or the page skeleton while the next page's code downloads (a lazy route
 * opened for the first time). The innermost layout that stays on screen shows it, so moving
 * between admin pages keeps the admin menu.
 */
export function PendingOutlet({ base, nested = [] }: PendingOutletProps) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const next = navigation.state === 'loading' ? navigation.location.pathname : null;
  const mine =
    next !== null &&
    isInside(pathname, base) &&
    isInside(next, base) &&
    !nested.some((inner) => isInside(pathname, inner) && isInside(next, inner));
  const [late, setLate] = useState(false);

  useEffect(() => {
    if (!mine) return;
    const timer = setTimeout(() => setLate(true), SKELETON_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [mine]);

  return mine && late ? <PageSkeleton /> : <Outlet />;
}
