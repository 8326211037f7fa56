import { Children, cloneElement, isValidElement, type ReactNode, type Ref, type RefCallback } from "react";

type Props = Record<string, unknown>;

/** Both refs, as one callback ref (React 19 passes `ref` as a prop). */
function bothRefs(first: unknown, second: unknown): RefCallback<unknown> {
  return (node) => {
    const cleanups: (() => void)[] = [];
    for (const ref of [first, second]) {
      if (typeof ref === "function") {
        const cleanup = ref(node);
        if (typeof cleanup === "function") cleanups.push(cleanup);
      } else if (ref && typeof ref === "object") (ref as { current: unknown }).current = node;
    }
    if (cleanups.length === 0) return undefined;
    return () => {
      for (const cleanup of cleanups) cleanup();
    };
  };
}

/** The slot's props on the child, the child's winning, as the `asChild` pattern has it. */
function mergeSlotProps(slot: Props, child: Props): Props {
  const merged: Props = { ...slot, ...child };
  for (const name of Object.keys(slot)) {
    const own = slot[name];
    const theirs = child[name];
    if (/^on[A-Z]/.test(name) && typeof own === "function" && typeof theirs === "function") {
      // The child's handler first, then the slot's (a button's own, or a dialog trigger's).
      merged[name] = (...args: unknown[]) => {
        const result = theirs(...args);
        own(...args);
        return result;
      };
    } else if (name === "className" && own && theirs) merged[name] = `${own} ${theirs}`;
    else if (name === "style" && own && theirs) merged[name] = { ...(own as object), ...(theirs as object) };
    else if (name === "ref" && own && theirs) merged[name] = bothRefs(own, theirs);
  }
  return merged;
}

/**
 * Renders its one child element with the slot's props merged in (`asChild` on Button and Card: a
 * link or a section that looks like a button or a card and keeps its own role). A few lines of
 * ours in place of the component library's Slot, which is in every page's first load (decision 0019).
 */
export function Slot({ children, ...props }: { children?: ReactNode; ref?: Ref<HTMLElement> } & Props) {
  const child = Children.only(children);
  if (!isValidElement<Props>(child)) return null;
  return cloneElement(child, mergeSlotProps(props, child.props));
}
