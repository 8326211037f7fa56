import { ShoppingCart } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { cartItemCount } from "./cart-lines";
import { useCartLines } from "./cart-store";

const loadCartDialog = () => import("./cart-dialog");
// The dialog's code (the dialog primitive, focus trap, scroll lock) loads when the visitor reaches
// for the button, not with the page: ~13 KB gzip a visitor who never opens the cart need not load.
const CartDialog = lazy(() => loadCartDialog().then((module) => ({ default: module.CartDialog })));

/** The Cart button with its item-count badge; a click opens the cart dialog. */
export function CartButton() {
  const lines = useCartLines();
  const count = cartItemCount(lines);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so later closes keep their animation.
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const prefetch = () => void loadCartDialog();
  return (
    <>
      <Button
        ref={button}
        variant="outline"
        className="relative"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onPointerDown={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setOpen(true);
          setOpened(true);
        }}
      >
        <ShoppingCart aria-hidden="true" /> Cart
        <span className="ml-1 rounded-full bg-primary px-2 py-0.5 font-semibold text-primary-foreground text-xs">
          {count}
        </span>
        <span className="sr-only">{count === 1 ? "item" : "items"}</span>
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <CartDialog open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
