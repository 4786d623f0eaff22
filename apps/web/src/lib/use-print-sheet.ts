import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * A sheet that exists only while printing: `printing` is true from the moment the browser is
 * about to paginate (Ctrl+P as well as `print()`) until it is done, and the sheet is rendered
 * synchronously first, so the print dialog never shows a blank page.
 */
export function usePrintSheet() {
  const [printing, setPrinting] = useState(false);

  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  const print = () => {
    flushSync(() => setPrinting(true));
    try {
      window.print();
    } finally {
      setPrinting(false);
    }
  };

  return { printing, print };
}
