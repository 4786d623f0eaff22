import { Toaster as Sonner, type ToasterProps } from 'sonner';

/**
 * Toasts open below the signed-in header (one row, at most 64 px tall), never over it: its
 * credits and menu stay readable and reachable while a toast is shown.
 */
const BELOW_HEADER = { top: '4.5rem' } as const;

/**
 * Below 1024 px sonner's 20 px close button, half outside the toast's top-left corner, is too
 * small for a finger and its box would reach over the header. There it moves inside the toast's
 * top-right corner as a 44 × 44 px target: a 12 px transparent border around the same 20 px
 * circle (the background stops at the border; the ring is drawn inside it), and the toast's text
 * keeps clear of it. The `!` outweighs sonner's own rules, which it injects after ours.
 */
const PHONE_CLOSE_BUTTON =
  'max-lg:top-0! max-lg:right-0! max-lg:left-auto! max-lg:size-11! max-lg:transform-none! ' +
  'max-lg:border-12! max-lg:border-transparent! max-lg:bg-clip-padding ' +
  'max-lg:shadow-[inset_0_0_0_1px_color-mix(in_oklab,currentColor_25%,transparent)]! ' +
  'focus-visible:outline-2 focus-visible:outline-ring';
const PHONE_TOAST = 'max-lg:has-[[data-close-button]]:pr-12!';

/**
 * sonner's rich-colour text on its pale light-theme backgrounds reads 3.1 to 4.4:1, under AA's
 * 4.5:1 (axe, issue 17): the same hues, darker, read 5:1. Its dark-theme colours already pass.
 */
const LIGHT_RICH_TEXT =
  'data-[sonner-theme=light]:[--success-text:hsl(140_100%_24%)]! ' +
  'data-[sonner-theme=light]:[--info-text:hsl(210_92%_41%)]! ' +
  'data-[sonner-theme=light]:[--warning-text:hsl(31_92%_34%)]! ' +
  'data-[sonner-theme=light]:[--error-text:hsl(360_100%_41%)]!';

/** shadcn's Toaster without next-themes: the theme follows the system, like the CSS variables. */
function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="system"
      className={`toaster group ${LIGHT_RICH_TEXT}`}
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
      containerAriaLabel="Notificações"
      toastOptions={{
        closeButtonAriaLabel: 'Fechar',
        classNames: { toast: PHONE_TOAST, closeButton: PHONE_CLOSE_BUTTON },
      }}
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
