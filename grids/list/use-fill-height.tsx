/**
 * Grids that fill the page down to the window's bottom edge, whatever stands above them (filters
 * that wrap onto a second line in English, a notice) and below them (a totals line, the keys hint).
 * The height is measured, not guessed: the window's height less the grid box's top and less what
 * the page shows under it, so the page itself never scrolls because of a grid and no grid leaves an
 * empty band. Measured again when the window or the page's content changes size. Until the first
 * measure (and outside a page region) the `fallback` height applies.
 */
import { useLayoutEffect, useRef, useState, type CSSProperties, type HTMLAttributes, type ReactNode, type RefObject } from 'react';
import { PAGE_REGION_ATTR } from '../focus-first-cell';

/** Marks the last part of a page that a filling grid keeps in view under itself (default: the whole page region). */
export const FILL_END_ATTR = 'data-fill-end';
/** The mark as props: `<Paper {...FILL_END}>`. */
export const FILL_END = { [FILL_END_ATTR]: '' } as const;

/** The space kept under the page's content (the shell's bottom padding). */
export const FILL_BOTTOM_GAP_PX = 16;

type Span = Pick<DOMRect, 'top' | 'bottom'>;

/** The height that brings the box's bottom, and what the region shows under it, to the window's bottom edge (never under `min`). */
export function fillHeightOf(box: Span, region: Span, viewportHeight: number, min: number, gap = FILL_BOTTOM_GAP_PX): number {
  const below = Math.max(0, region.bottom - box.bottom);
  return Math.max(min, Math.floor(viewportHeight - box.top - below - gap));
}

export function useFillHeight<E extends HTMLElement>(ref: RefObject<E | null>, min: number): number | undefined {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const el = ref.current;
    const region = el?.closest<HTMLElement>(`[${PAGE_REGION_ATTR}]`);
    if (!el || !region) return;
    let frame = 0;
    const apply = () => {
      // Measured from the top of the document, so a scrolled page measures the same.
      const box = el.getBoundingClientRect();
      // What must stay in view under the box ends at the region's bottom, or at a marked end (the
      // voucher's signatures; its processing records below them may scroll into view).
      const r = (region.querySelector<HTMLElement>(`[${FILL_END_ATTR}]`) ?? region).getBoundingClientRect();
      const y = window.scrollY;
      const next = fillHeightOf({ top: box.top + y, bottom: box.bottom + y }, { top: r.top + y, bottom: r.bottom + y }, window.innerHeight, min);
      setHeight((h) => (h !== undefined && Math.abs(h - next) < 1 ? h : next));
    };
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(apply);
    };
    // The first measure before the first paint (the page is laid out by now; what stands under
    // the box does not depend on the box's own height), so the page never shows the fallback.
    apply();
    const observer = new ResizeObserver(measure);
    observer.observe(region);
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref, min]);
  return height;
}

/** A box for a grid that fills the page's height (see useFillHeight), or is `height` high when one is given. */
export function FillHeight({ min = 320, fallback, height, children, style, ...rest }: { min?: number; fallback: string; height?: number; children: ReactNode; style?: CSSProperties } & HTMLAttributes<HTMLDivElement> & { 'data-testid'?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const filled = useFillHeight(ref, min);
  return <div ref={ref} {...rest} style={{ ...style, height: height ?? filled ?? fallback, minHeight: min }}>{children}</div>;
}
