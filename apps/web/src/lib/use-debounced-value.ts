import { useEffect, useState } from 'react';

/** Searches (docs/product/users.md#users-screen, docs/product/lookups.md#history) wait 400 ms after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 400;

/** The value as it was `delay` ms after it last changed. */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
