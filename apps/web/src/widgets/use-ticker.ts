/** A counter that advances every `intervalMs` while enabled: clocks and animation frames use it. */
import { useEffect, useState } from 'react';

export function useTicker(intervalMs: number, enabled = true): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!enabled) return undefined;
    const timer = window.setInterval(() => setTick((value) => value + 1), Math.max(16, intervalMs));
    return () => window.clearInterval(timer);
  }, [intervalMs, enabled]);
  return tick;
}
