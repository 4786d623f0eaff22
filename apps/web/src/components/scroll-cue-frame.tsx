import type { ReactNode, RefObject } from 'react';

import { useHiddenSides } from '@/lib/use-hidden-sides';
import { cn } from '@/lib/utils';

/**
 * A shade over the visible box's edge, darkest at the edge; over the content, so row and header
 * backgrounds cannot cover it, and taking no room, so showing it moves nothing. `foreground` is dark
 * in the light theme and light in the dark one: a shadow there, a glow here. It only fades in and
 * out when the system allows motion.
 */
const CUE =
  'pointer-events-none absolute z-20 w-8 from-foreground/20 to-transparent opacity-0 ' +
  'motion-safe:transition-opacity motion-safe:duration-150 data-[shown=true]:opacity-100 print:hidden';

interface ScrollCueFrameProps {
  /** The box that scrolls sideways; it must be this frame's first child. */
  scrollRef: RefObject<HTMLElement | null>;
  /** The frame's own classes; give it the box's rounding so the shades follow its corners. */
  className?: string;
  children: ReactNode;
}

/**
 * Shows that a table wider than the screen goes on sideways (issue 17): the right edge is shaded
 * while there is more to the right, the left edge once the table is scrolled, and neither when it
 * fits. The shades are decoration: the box itself is what keyboards and screen readers reach.
 */
export function ScrollCueFrame({ scrollRef, className, children }: ScrollCueFrameProps) {
  const { start, end, view } = useHiddenSides(scrollRef);
  return (
    <div className={cn('relative isolate min-w-0', className)}>
      {children}
      <span
        aria-hidden="true"
        data-scroll-cue="start"
        data-shown={start}
        className={cn(CUE, 'rounded-l-[inherit] bg-linear-to-r')}
        style={{ top: view.top, left: view.left, height: view.height }}
      />
      <span
        aria-hidden="true"
        data-scroll-cue="end"
        data-shown={end}
        className={cn(CUE, '-translate-x-full rounded-r-[inherit] bg-linear-to-l')}
        style={{ top: view.top, left: view.left + view.width, height: view.height }}
      />
    </div>
  );
}
