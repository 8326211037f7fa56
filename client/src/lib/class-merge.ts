/**
 * Merges Tailwind class lists so that a later utility wins over an earlier one that sets the same
 * thing (`rounded-xl … rounded-2xl` keeps `rounded-2xl`; `p-5 … p-4` keeps `p-4`), as tailwind-merge
 * does, for the utilities this site uses. tailwind-merge knows every Tailwind utility and was
 * 8.4 KB gzip on every page's first load (decision 0019); this knows the groups below, keeps any
 * class it does not know, and gives tailwind-merge's answer for every class list the site's pages
 * build (class-merge.test.ts holds them).
 */

/** The utilities that set the same property, by their name before the value (each its own group). */
const PREFIX_GROUPS = new Set(
  (
    "p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml gap gap-x gap-y space-x space-y w min-w max-w " +
    "h min-h max-h size inset inset-x inset-y top right bottom left z aspect grid-cols grid-rows " +
    "col-span row-span items justify self content overflow-x overflow-y overflow opacity leading " +
    "tracking line-clamp order basis cursor underline-offset ring-offset duration ease object"
  ).split(" "),
);

const ROUNDED_SIDES = ["s", "e", "t", "r", "b", "l", "ss", "se", "ee", "es", "tl", "tr", "br", "bl"];
const BORDER_SIDES = ["x", "y", "s", "e", "t", "r", "b", "l"];
const FONT_SIZES = /^(xs|sm|base|lg|xl|\d+xl)$/;
const TEXT_ALIGN = /^(left|center|right|justify|start|end)$/;
const FONT_WEIGHTS = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const DISPLAY =
  /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents|hidden|table|table-row|table-cell|flow-root|list-item)$/;
const POSITION = /^(static|fixed|absolute|relative|sticky)$/;
const FLEX_DIRECTION = /^flex-(row|row-reverse|col|col-reverse)$/;
const FLEX_WRAP = /^flex-(wrap|wrap-reverse|nowrap)$/;
const BORDER_STYLE = /^(solid|dashed|dotted|double|hidden|none)$/;
const LENGTH = /^(\d+(\.\d+)?|px|\[(length:)?[\d.]+(px|rem|em|%)?\])$/;
const SHADOW_SIZE = /^(2xs|xs|sm|md|lg|xl|2xl|none|inner)?$/;

/** The group of a utility (without its variants), or null for a class this does not know. */
export function classGroup(utility: string): string | null {
  const base = utility.startsWith("-") ? utility.slice(1) : utility;
  if (DISPLAY.test(base)) return "display";
  if (POSITION.test(base)) return "position";
  if (FLEX_DIRECTION.test(base)) return "flex-direction";
  if (FLEX_WRAP.test(base)) return "flex-wrap";
  if (base === "rounded" || base.startsWith("rounded-")) {
    const side = base.split("-")[1];
    return side && ROUNDED_SIDES.includes(side) ? `rounded-${side}` : "rounded";
  }
  if (base === "border" || base.startsWith("border-")) {
    const [, first, second] = base.split("-");
    if (first && BORDER_STYLE.test(first)) return "border-style";
    if (first && BORDER_SIDES.includes(first)) {
      return !second || LENGTH.test(second) ? `border-w-${first}` : `border-color-${first}`;
    }
    return !first || LENGTH.test(first) ? "border-w" : "border-color";
  }
  if (base.startsWith("text-")) {
    const value = base.slice(5);
    if (FONT_SIZES.test(value) || value.startsWith("[length:")) return "font-size";
    if (TEXT_ALIGN.test(value)) return "text-align";
    if (/^(wrap|nowrap|balance|pretty)$/.test(value)) return "text-wrap";
    if (/^(ellipsis|clip)$/.test(value)) return "text-overflow";
    return "text-color";
  }
  if (base.startsWith("font-")) return FONT_WEIGHTS.test(base.slice(5)) ? "font-weight" : "font-family";
  if (base === "shadow" || base.startsWith("shadow-")) {
    return SHADOW_SIZE.test(base.slice(7)) ? "shadow" : "shadow-color";
  }
  if (base.startsWith("bg-")) {
    const value = base.slice(3);
    if (/^(cover|contain|auto)$/.test(value)) return "bg-size";
    if (/^(fixed|local|scroll)$/.test(value)) return "bg-attachment";
    if (/^(no-repeat|repeat(-.+)?)$/.test(value)) return "bg-repeat";
    if (/^(center|top|bottom|left|right)(-.+)?$/.test(value)) return "bg-position";
    if (/^(linear|radial|conic|gradient|none|clip|origin)(-.+)?$/.test(value)) return null;
    return "bg-color";
  }
  if (/^(shrink|grow)(-\d+)?$/.test(base)) return base.split("-")[0] ?? null;
  if (/^(whitespace)-/.test(base)) return "whitespace";
  // The longest prefix known: `gap-x-2` is gap-x, `gap-2` is gap.
  const parts = base.split("-");
  for (let length = parts.length - 1; length > 0; length--) {
    const prefix = parts.slice(0, length).join("-");
    if (PREFIX_GROUPS.has(prefix)) return prefix;
  }
  return null;
}

/** Groups a later class of the key's group overrides besides its own (tailwind-merge's list). */
const OVERRIDES: Record<string, readonly string[]> = {
  p: ["px", "py", "ps", "pe", "pt", "pr", "pb", "pl"],
  px: ["pr", "pl"],
  py: ["pt", "pb"],
  m: ["mx", "my", "ms", "me", "mt", "mr", "mb", "ml"],
  mx: ["mr", "ml"],
  my: ["mt", "mb"],
  gap: ["gap-x", "gap-y"],
  size: ["w", "h"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  overflow: ["overflow-x", "overflow-y"],
  rounded: ROUNDED_SIDES.map((side) => `rounded-${side}`),
  "rounded-s": ["rounded-ss", "rounded-es"],
  "rounded-e": ["rounded-se", "rounded-ee"],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  "border-w": BORDER_SIDES.map((side) => `border-w-${side}`),
  "border-w-x": ["border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  "border-color": BORDER_SIDES.map((side) => `border-color-${side}`),
  "font-size": ["leading"],
};

/** `hover:sm:!p-4` → the variants in a fixed order and the utility (with `!` kept apart). */
function split(className: string): { variants: string; important: boolean; utility: string } {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < className.length; index++) {
    const char = className[index];
    if (char === "[" || char === "(") depth++;
    else if (char === "]" || char === ")") depth--;
    else if (char === ":" && depth === 0) {
      variants.push(className.slice(start, index));
      start = index + 1;
    }
  }
  let utility = className.slice(start);
  const important = utility.startsWith("!") || utility.endsWith("!");
  utility = utility.replace(/^!|!$/g, "");
  // A value's opacity (`bg-primary/90`) does not change the group.
  const slash = utility.indexOf("/");
  if (slash > 0 && !utility.includes("[")) utility = utility.slice(0, slash);
  // Arbitrary variants (`[&_svg]`) keep their place; the others are sorted, as tailwind-merge does.
  return { variants: sortVariants(variants).join(":"), important, utility };
}

function sortVariants(variants: string[]): string[] {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith("[")) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  return [...sorted, ...run.sort()];
}

/**
 * Class lists already merged, and their answers. A page builds the same few hundred lists again and
 * again (every card of a grid, every button of a kind, every render): merging one takes a split and a
 * dozen patterns per class, and hydrating `/playlists` merged about 30 ms' worth on a desktop, 4 times
 * that on a phone. Bounded, as any list a page can build is: past MERGED_LIMIT the oldest goes first.
 */
const merged = new Map<string, string>();
export const MERGED_LIMIT = 1000;

/** The class list with every class that a later one overrides left out, in the order given. */
export function mergeClasses(classList: string): string {
  const known = merged.get(classList);
  if (known !== undefined) return known;
  const answer = mergeUncached(classList);
  if (merged.size >= MERGED_LIMIT) {
    const oldest = merged.keys().next();
    if (!oldest.done) merged.delete(oldest.value);
  }
  merged.set(classList, answer);
  return answer;
}

/** Class lists `mergeClasses` keeps answers for (at most MERGED_LIMIT). */
export const mergedListsKept = (): number => merged.size;

function mergeUncached(classList: string): string {
  const classes = classList.trim().split(/\s+/);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let index = classes.length - 1; index >= 0; index--) {
    const className = classes[index];
    if (!className) continue;
    const { variants, important, utility } = split(className);
    const group = classGroup(utility);
    if (!group) {
      kept.push(className);
      continue;
    }
    const scope = `${variants}${important ? "!" : ""}:`;
    if (taken.has(scope + group)) continue;
    taken.add(scope + group);
    for (const overridden of OVERRIDES[group] ?? []) taken.add(scope + overridden);
    kept.push(className);
  }
  return kept.reverse().join(" ");
}
