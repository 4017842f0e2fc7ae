import { useEffect, useState } from 'react';

/**
 * Seconds left of a wait that had `seconds` left when `since` (ms) was read, ticking each second; 0 once
 * over. The server's answer is the truth: this only counts it down between answers.
 */
export function useCountdown(seconds: number, since: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (seconds <= 0) return undefined;
    const timer = window.setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (seconds - (at - since) / 1000 <= 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [seconds, since]);
  // A wait read after the last tick has not started to run down yet.
  return Math.max(0, Math.min(seconds, Math.ceil(seconds - (now - since) / 1000)));
}
