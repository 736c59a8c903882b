/** The size of the space a running page is drawn into: measured, unless the caller fixes it. */
import { useLayoutEffect, useRef, useState } from 'react';
import type { Size } from '../../widgets/page-fit.ts';

export function useSpaceSize(fixed: Size | undefined) {
  const element = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const node = element.current;
    if (!node || fixed) return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setMeasured({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [fixed]);
  return [element, fixed ?? measured] as const;
}
