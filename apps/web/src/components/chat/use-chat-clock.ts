import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs`, so that relative times ('5 min ago') stay true. */
export function useChatClock(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
