import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * Renders `children` once the placeholder comes near the viewport, so code for content below the
 * fold (and its chunk) loads only when a visitor scrolls towards it. The placeholder keeps the
 * space, so nothing shifts.
 */
export function WhenVisible({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || visible) return;
    if (typeof IntersectionObserver === "undefined") {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  return <div ref={ref}>{visible ? children : placeholder}</div>;
}
