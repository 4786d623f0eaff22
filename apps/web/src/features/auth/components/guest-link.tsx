import type { MouseEvent, ReactNode } from 'react';

/** Where the signed-out pages send the user. */
export type GuestTarget = '/' | '/login' | '/register';

/**
 * How a signed-out page moves on: the router's navigate inside the panel, the guest entry's own
 * history handling on a first visit to /login or /register (app/guest-app.tsx), so these pages
 * never need the router's code.
 */
export type GuestNavigate = (to: GuestTarget, options?: { replace?: boolean }) => void;

interface GuestLinkProps {
  to: GuestTarget;
  go: GuestNavigate;
  className?: string;
  children: ReactNode;
}

/** A real link (opens in a new tab with a modifier key or the middle button) that `go`es on a plain click. */
export function GuestLink({ to, go, className, children }: GuestLinkProps) {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(to);
  }

  return (
    <a href={to} onClick={onClick} className={className}>
      {children}
    </a>
  );
}
