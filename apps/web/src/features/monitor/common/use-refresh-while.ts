/**
 * Reads a list again a while after its last answer for as long as something in it still moves
 * (an upgrade running, a command waiting). The next read is timed from the last answer, so a slow
 * platform is never asked twice at once.
 */
import { useEffect, useRef } from 'react';

export function useRefreshWhile(
  refetch: () => Promise<unknown>,
  moving: boolean,
  answeredAt: number,
  everyMs: number,
): void {
  const latest = useRef(refetch);
  useEffect(() => {
    latest.current = refetch;
  });
  useEffect(() => {
    if (!moving) return undefined;
    const timer = setTimeout(() => void latest.current(), everyMs);
    return () => clearTimeout(timer);
  }, [moving, answeredAt, everyMs]);
}
