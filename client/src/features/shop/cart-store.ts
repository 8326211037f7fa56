import { useSyncExternalStore } from "react";
import type { CartLine } from "./cart-lines";

/** The cart lives only in memory (kept while browsing, lost on reload). */
let lines: CartLine[] = [];
/** A page rendered on the server starts with an empty cart (the cart is never stored). */
const NO_LINES: CartLine[] = [];
const listeners = new Set<() => void>();

function emit(next: CartLine[]) {
  lines = next;
  for (const listener of listeners) listener();
}

export const cart = {
  /** Appends a line: the same product twice gives two lines. */
  add(line: CartLine) {
    emit([...lines, line]);
  },
  /** Removes the line at a position. */
  removeAt(index: number) {
    emit(lines.filter((_, position) => position !== index));
  },
  clear() {
    emit([]);
  },
};

export function useCartLines(): CartLine[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => lines,
    () => NO_LINES,
  );
}
