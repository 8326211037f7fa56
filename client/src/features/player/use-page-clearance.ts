import { type RefObject, useLayoutEffect, useRef, useState } from "react";

/**
 * The height of the fixed player, kept free at the end of the page (a spacer of that height) and
 * in the page's scroll padding, so the player never covers content, nor a control focused by
 * keyboard; notifications rise above it (`--player-clearance`). Measured, since the player wraps differently at each width.
 */
export function usePageClearance<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(0);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => {
      const next = Math.ceil(element.getBoundingClientRect().height);
      setHeight(next);
      root.style.scrollPaddingBottom = `${next}px`;
      // Notifications show above the player (toaster.tsx).
      root.style.setProperty("--player-clearance", `${next}px`);
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = "";
      root.style.removeProperty("--player-clearance");
    };
  }, []);

  return [ref, height];
}
