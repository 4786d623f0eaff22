import { Toaster as Sonner, type ToasterProps } from 'sonner';

/**
 * Toasts open below the signed-in header (one row, at most 64 px tall), never over it: its
 * credits and menu stay readable and reachable while a toast is shown.
 */
const BELOW_HEADER = { top: '4.5rem' } as const;

/** shadcn's Toaster without next-themes: the theme follows the system, like the CSS variables. */
function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="system"
      className="toaster group"
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { Toaster };
