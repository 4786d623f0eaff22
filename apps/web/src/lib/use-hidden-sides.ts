import { type RefObject, useLayoutEffect, useState } from 'react';

/** Where a sideways scroller hides content, and its visible box inside its borders and scrollbars. */
export interface HiddenSides {
  /** Content is hidden past the left edge (the box is scrolled). */
  start: boolean;
  /** Content is hidden past the right edge (more to scroll to). */
  end: boolean;
  /** The visible box, relative to the scroller's own top-left corner, in px. */
  view: { top: number; left: number; width: number; height: number };
}

const NONE: HiddenSides = { start: false, end: false, view: { top: 0, left: 0, width: 0, height: 0 } };

/** Scroll positions are fractional on zoomed or high-density screens: a pixel's difference is the end. */
const SLACK_PX = 1;

function measure(scroller: HTMLElement): HiddenSides {
  const { scrollLeft, scrollWidth, clientWidth, clientHeight, clientLeft, clientTop } = scroller;
  return {
    start: scrollLeft > SLACK_PX,
    end: scrollLeft + clientWidth < scrollWidth - SLACK_PX,
    view: { top: clientTop, left: clientLeft, width: clientWidth, height: clientHeight },
  };
}

function same(a: HiddenSides, b: HiddenSides): boolean {
  return (
    a.start === b.start &&
    a.end === b.end &&
    a.view.top === b.view.top &&
    a.view.left === b.view.left &&
    a.view.width === b.view.width &&
    a.view.height === b.view.height
  );
}

/**
 * Follows a horizontally scrolling box: re-measured when it scrolls, when it is resized (a rotated
 * phone) and when its content is (rows arriving, a virtualised table drawing wider rows).
 */
export function useHiddenSides(scrollRef: RefObject<HTMLElement | null>): HiddenSides {
  const [sides, setSides] = useState(NONE);

  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const update = () => {
      const next = measure(scroller);
      setSides((current) => (same(current, next) ? current : next));
    };
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    // jsdom and very old browsers have no ResizeObserver: the cue then follows scrolling only.
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resizes?.observe(scroller);
    for (const child of Array.from(scroller.children)) resizes?.observe(child);
    return () => {
      scroller.removeEventListener('scroll', update);
      resizes?.disconnect();
    };
  }, [scrollRef]);

  return sides;
}
