/**
 * Distinct things one visitor may add to the day's counts by naming them (a search term that found
 * nothing, a referrer's domain): each is a row of its own, so without a cap one client fills
 * `insight_counts` with as many rows as it sends events (issue 43). A real visitor names a few.
 */
export const MADE_UP_ITEMS_PER_VISITOR = 20;
/**
 * Visitors remembered per day on one server. Past it, new visitors name nothing more that day (a
 * flood of addresses is what fills it); those remembered keep their allowance.
 */
const MADE_UP_VISITORS_MAX = 100_000;

/** FNV-1a, 32 bits: an item kept as a number, not as its text. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Per visitor (the day's hash) and day, the items they named, as 32-bit hashes (at most
 * MADE_UP_ITEMS_PER_VISITOR numbers a visitor): naming one again is always allowed (it adds to its
 * count, not a row), a new one only while the visitor has named fewer. Two items sharing a hash
 * count as one: the cap is then one item looser, never tighter.
 */
export class MadeUpItems {
  private day = "";
  private readonly named = new Map<string, number[]>();

  constructor(
    private readonly perVisitor = MADE_UP_ITEMS_PER_VISITOR,
    private readonly maxVisitors = MADE_UP_VISITORS_MAX,
  ) {}

  /** Whether `visitor` may count `item` of `metric` on `day` (and remembers it when so). */
  allow(day: string, visitor: string, metric: string, item: string): boolean {
    if (day !== this.day) {
      this.named.clear();
      this.day = day;
    }
    const hash = fnv1a(`${metric}\n${item}`);
    let items = this.named.get(visitor);
    if (!items) {
      if (this.named.size >= this.maxVisitors) return false;
      items = [];
      this.named.set(visitor, items);
    }
    if (items.includes(hash)) return true;
    if (items.length >= this.perVisitor) return false;
    items.push(hash);
    return true;
  }

  /** Forgets the days before `day` (at midnight UTC). */
  forgetBefore(day: string): void {
    if (this.day < day) {
      this.named.clear();
      this.day = day;
    }
  }
}
