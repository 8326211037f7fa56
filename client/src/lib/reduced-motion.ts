/** Whether the visitor asks for less motion: scrolls jump instead of gliding. */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}
