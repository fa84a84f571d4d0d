// Content wider than its place that scrolls sideways (a table with many columns, the row of pages on a
// phone): whether columns are hidden to the left or right, measured as it scrolls and resizes; and a
// frame for tables that says so in a line above and with a shadow at each edge that hides some.
import type { ComponentChildren, RefObject } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../lib/i18n';
import { touchScreen } from '../lib/inputMode';

export interface Overflow {
  left: boolean; // content hidden to the left (scrolled)
  right: boolean; // content hidden to the right
}

export function overflowOf(el: Pick<HTMLElement, 'scrollLeft' | 'clientWidth' | 'scrollWidth'>): Overflow {
  return { left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 };
}

export function useOverflowX<T extends HTMLElement>(): [RefObject<T>, Overflow] {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState<Overflow>({ left: false, right: false });
  const measure = () => {
    const el = ref.current;
    if (!el) return;
    const now = overflowOf(el);
    setEdges((e) => (e.left === now.left && e.right === now.right ? e : now));
  };
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resized?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      resized?.disconnect();
    };
  }, []);
  useEffect(measure); // after every render: the content may have changed
  return [ref, edges];
}

// A table in a frame that scrolls sideways when it is wider than the page.
export function ScrollX({ children, testid }: { children: ComponentChildren; testid?: string }) {
  const [ref, edges] = useOverflowX<HTMLDivElement>();
  const wide = edges.left || edges.right;
  return (
    <>
      {wide && (
        <p class="scroll-hint muted small" data-testid="scroll-hint">
          {t(touchScreen() ? 'common.scrollHintTouch' : 'common.scrollHint')}
        </p>
      )}
      <div
        class={`scroll-frame${edges.left ? ' more-left' : ''}${edges.right ? ' more-right' : ''}`}
        data-testid={testid}
      >
        <div class="scroll-x" ref={ref}>
          {children}
        </div>
      </div>
    </>
  );
}
