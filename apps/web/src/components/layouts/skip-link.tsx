import type { MouseEvent } from 'react';

/** The id of every frame's main landmark, where the skip link leads. */
export const MAIN_CONTENT_ID = 'conteudo';

/**
 * The first thing a keyboard reaches on every page: hidden until focused, it moves the focus past
 * the header to the page itself. The focus moves by hand, so the address keeps no '#conteudo'.
 */
export function SkipLink() {
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.({ block: 'start' });
  }

  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={onClick}
      className="sr-only rounded-md bg-primary text-sm font-medium text-primary-foreground shadow-lg outline-none focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:px-4 focus:py-3 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      Pular para o conteúdo
    </a>
  );
}
