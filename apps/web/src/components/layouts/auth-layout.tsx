import { ScanSearch } from 'lucide-react';
import type { ReactNode } from 'react';

import { MAIN_CONTENT_ID, SkipLink } from '@/components/layouts/skip-link';

/** Centred column for the signed-out pages (login, register, session ended, page not found). */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden px-4 py-10 outline-none sm:py-16"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-primary/15 to-transparent"
        />
        <div className="mb-6 flex items-center gap-2 text-primary">
          <span className="flex size-10 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
            <ScanSearch className="size-5" aria-hidden="true" />
          </span>
        </div>
        <div className="w-full max-w-md">{children}</div>
      </main>
    </>
  );
}
