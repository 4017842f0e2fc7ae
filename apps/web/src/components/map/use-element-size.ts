import { useLayoutEffect, useState } from 'react';
import type { ViewportSize } from './map-projection';

/** An element's inner size, measured before the first paint and again whenever it changes; null until measured. */
export function useElementSize(element: HTMLElement | null): ViewportSize | null {
  const [size, setSize] = useState<ViewportSize | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      const height = element.clientHeight;
      setSize((previous) =>
        previous && previous.width === width && previous.height === height ? previous : { width, height },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}
