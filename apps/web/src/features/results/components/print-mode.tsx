import { createContext, useContext } from 'react';

/** True while the result is laid out for printing: long tables then render every row. */
export const PrintModeContext = createContext(false);

export function usePrintMode(): boolean {
  return useContext(PrintModeContext);
}
