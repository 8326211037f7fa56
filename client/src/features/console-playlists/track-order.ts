/**
 * The track list's order as the console edits it: a list of the tracks' current positions, which
 * the server takes as the new order (PUT …/tracks/order). Pure, so keyboard and drag share it.
 */

/** `order` with the item at `from` moved to `to` (indexes, clamped to the list). */
export function moveItem<T>(order: readonly T[], from: number, to: number): T[] {
  const next = [...order];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1) as [T];
  next.splice(target, 0, item);
  return next;
}

/** Whether a move changes anything (a drop where it started, or past either end, does not). */
export const isMove = (length: number, from: number, to: number): boolean =>
  from !== Math.max(0, Math.min(length - 1, to)) && from >= 0 && from < length;

/**
 * The index a dragged row lands at, from the pointer's height and the rows' middles: past the
 * middle of a row means after it.
 */
export function dropIndex(pointerY: number, rowMiddles: readonly number[], from: number): number {
  let index = rowMiddles.findIndex((middle) => pointerY < middle);
  if (index === -1) index = rowMiddles.length;
  // Rows below the dragged one shift up by one once it is taken out.
  return index > from ? index - 1 : index;
}

/** What a screen reader hears after a move. */
export const movedMessage = (title: string, to: number, length: number): string =>
  `Moved "${title}" to position ${to + 1} of ${length}.`;
