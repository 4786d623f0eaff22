import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { ScrollCueFrame } from '@/components/scroll-cue-frame';

function WideTable() {
  const scrollRef = useRef<HTMLElement>(null);
  return (
    <ScrollCueFrame scrollRef={scrollRef}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box, as the tables draw it */}
      <section ref={scrollRef} tabIndex={0} aria-label="Telefones: tabela com rolagem">
        <table>
          <tbody>
            <tr>
              <td>(11) 98765-4321</td>
            </tr>
          </tbody>
        </table>
      </section>
    </ScrollCueFrame>
  );
}

/** jsdom lays nothing out: the box reports the sizes a 390 px phone would give it. */
function layOut(box: HTMLElement, sizes: { scrollLeft?: number; scrollWidth: number; clientWidth: number }) {
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: sizes.scrollWidth });
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: sizes.clientWidth });
  Object.defineProperty(box, 'clientHeight', { configurable: true, value: 200 });
  Object.defineProperty(box, 'scrollLeft', { configurable: true, value: sizes.scrollLeft ?? 0 });
}

function scrollTo(box: HTMLElement, scrollLeft: number) {
  Object.defineProperty(box, 'scrollLeft', { configurable: true, value: scrollLeft });
  fireEvent.scroll(box);
}

const cue = (edge: 'start' | 'end') => document.querySelector(`[data-scroll-cue="${edge}"]`);
const shown = (edge: 'start' | 'end') => cue(edge)?.getAttribute('data-shown') === 'true';

/** What the browser does after `target` changed size: calls the observers watching it. */
let resize: (target: Element) => void = () => undefined;

beforeEach(() => {
  const watched: { callback: ResizeObserverCallback; targets: Set<Element> }[] = [];
  resize = (target) => {
    for (const { callback, targets } of watched) {
      if (targets.has(target)) callback([], {} as ResizeObserver);
    }
  };
  vi.stubGlobal(
    'ResizeObserver',
    class {
      private readonly targets = new Set<Element>();
      constructor(callback: ResizeObserverCallback) {
        watched.push({ callback, targets: this.targets });
      }
      observe(target: Element) {
        this.targets.add(target);
      }
      disconnect() {
        this.targets.clear();
      }
    },
  );
});

describe('ScrollCueFrame', () => {
  it('shades nothing while the table fits its box', () => {
    render(<WideTable />);
    const box = screen.getByRole('region', { name: 'Telefones: tabela com rolagem' });
    layOut(box, { scrollWidth: 358, clientWidth: 358 });
    act(() => resize(box));

    expect(shown('start')).toBe(false);
    expect(shown('end')).toBe(false);
  });

  it('shades the right edge while more is to the right, the left once scrolled, and clears each at its end', () => {
    render(<WideTable />);
    const box = screen.getByRole('region', { name: 'Telefones: tabela com rolagem' });
    layOut(box, { scrollWidth: 900, clientWidth: 358 });
    act(() => resize(box));
    expect(shown('start')).toBe(false);
    expect(shown('end')).toBe(true);

    scrollTo(box, 200);
    expect(shown('start')).toBe(true);
    expect(shown('end')).toBe(true);

    // The end, give or take the fraction of a pixel a zoomed screen leaves.
    scrollTo(box, 900 - 358 - 0.5);
    expect(shown('start')).toBe(true);
    expect(shown('end')).toBe(false);

    scrollTo(box, 0);
    expect(shown('start')).toBe(false);
    expect(shown('end')).toBe(true);
  });

  it('follows the table when it grows or the box narrows, with no scroll', () => {
    render(<WideTable />);
    const box = screen.getByRole('region', { name: 'Telefones: tabela com rolagem' });
    layOut(box, { scrollWidth: 358, clientWidth: 358 });
    act(() => resize(box));
    expect(shown('end')).toBe(false);

    // More rows arrive, one of them wider than the box.
    layOut(box, { scrollWidth: 500, clientWidth: 358 });
    act(() => resize(screen.getByRole('table')));
    expect(shown('end')).toBe(true);

    // A phone turned sideways: the same table fits again.
    layOut(box, { scrollWidth: 500, clientWidth: 740 });
    act(() => resize(box));
    expect(shown('end')).toBe(false);
  });

  it('lays the right shade on the visible edge of the box, and hides both shades from screen readers', () => {
    render(<WideTable />);
    const box = screen.getByRole('region', { name: 'Telefones: tabela com rolagem' });
    layOut(box, { scrollWidth: 900, clientWidth: 358 });
    act(() => resize(box));

    expect(cue('end')).toHaveStyle({ left: '358px', height: '200px' });
    expect(cue('start')).toHaveAttribute('aria-hidden', 'true');
    expect(cue('end')).toHaveAttribute('aria-hidden', 'true');
  });
});
