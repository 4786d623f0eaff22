import { useEffect, useState } from 'react';

/** The current time, ticking every second (countdowns tick every 1 s, docs/product/lookups.md#time-left). */
export function useNow(intervalMs = 1_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
