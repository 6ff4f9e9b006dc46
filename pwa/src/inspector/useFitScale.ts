import { useEffect, useState, type RefObject } from 'react';
import type { ChartLayout } from './chartLayout.ts';

/**
 * The scale at which `layout` fits in `box` (its padding left out), kept up to date as the box
 * is resized; `undefined` while the box has no size (not laid out yet, or no layout engine).
 */
export function useFitScale(
  box: RefObject<HTMLElement | null>,
  layout: ChartLayout | undefined,
): number | undefined {
  const [scale, setScale] = useState<number>();
  useEffect(() => {
    const element = box.current;
    if (!element || !layout) return;
    const measure = () => {
      const style = getComputedStyle(element);
      const width =
        element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const height =
        element.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
      setScale(
        width > 0 && height > 0
          ? Math.min(width / layout.width, height / layout.height)
          : undefined,
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, layout]);
  return scale;
}
