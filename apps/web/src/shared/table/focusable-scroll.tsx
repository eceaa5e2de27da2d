import { useEffect, useRef, type ReactNode } from 'react';

/**
 * Keyboard users must reach a table that scrolls sideways (WCAG 2.1.1; axe's scrollable-region-focusable):
 * antd renders the scroll container itself, so its tabindex is set after each render.
 */
export function FocusableScroll({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelectorAll('.ant-table-content, .ant-table-body').forEach((el) => el.getAttribute('tabindex') ?? el.setAttribute('tabindex', '0'));
  });
  return (
    <div ref={ref} className="focusable-scroll">
      {children}
    </div>
  );
}
