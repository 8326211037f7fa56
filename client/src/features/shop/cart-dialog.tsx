import { ShoppingCart, X } from "lucide-react";
import { lazy, Suspense, useRef } from "react";
import { Button } from "../../components/ui/button";
import { cartItemCount } from "./cart-lines";
import { useCartLines } from "./cart-store";

const DIALOG_ID = "cart-dialog";

// The lines, totals and Checkout: loaded when the cart first holds something (it is rendered in
// the closed dialog then), so by the time the visitor opens the cart they are there.
const CartContents = lazy(() =>
  import("./cart-contents").then((module) => ({ default: module.CartContents })),
);

/** Whether this browser opens and closes a dialog from a button's `commandfor` by itself. */
const invokerCommands = () =>
  typeof HTMLButtonElement !== "undefined" && "commandForElement" in HTMLButtonElement.prototype;

/**
 * The Cart button with its item-count badge, and the cart dialog it opens: a `<dialog>` the browser
 * opens itself (invoker commands: `commandfor`, `command="show-modal"`), so a tap answers at once,
 * before the page's code has run (decision 0034); Escape, the close button and a tap outside close
 * it, the browser keeps the focus inside while open and gives it back to the button. The server
 * renders it empty, as every page load starts (the cart lives in memory); the code fills it, the
 * lines' own code coming with the first line (cart-contents.tsx). Where the browser lacks invoker
 * commands, the buttons' own handlers open and close it.
 */
export function CartDialog() {
  const lines = useCartLines();
  const count = cartItemCount(lines);
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <Button
        variant="outline"
        className="relative"
        aria-haspopup="dialog"
        commandfor={DIALOG_ID}
        command="show-modal"
        onClick={() => {
          if (!invokerCommands() && !dialog.current?.open) dialog.current?.showModal();
        }}
      >
        <ShoppingCart aria-hidden="true" /> Cart
        <span className="ml-1 rounded-full bg-primary px-2 py-0.5 font-semibold text-primary-foreground text-xs">
          {count}
        </span>
        <span className="sr-only">{count === 1 ? "item" : "items"}</span>
      </Button>
      <dialog
        ref={dialog}
        id={DIALOG_ID}
        aria-labelledby="cart-dialog-title"
        aria-describedby="cart-dialog-description"
        closedby="any"
        className="m-auto max-h-[90dvh] w-[calc(100%-2rem)] max-w-2xl overflow-y-auto rounded-2xl border bg-background p-6 text-foreground shadow-xl backdrop:bg-black/60"
      >
        <h2 id="cart-dialog-title" className="pr-8 font-bold text-2xl">
          Your Cart
        </h2>
        <p id="cart-dialog-description" className="sr-only">
          Items in your cart and the order total
        </p>
        {lines.length === 0 ? (
          <p className="py-10 text-center text-muted-foreground">Your cart is empty.</p>
        ) : (
          <Suspense fallback={<p className="py-10 text-center text-muted-foreground">Loading your cart…</p>}>
            <CartContents lines={lines} onCheckout={() => dialog.current?.close()} />
          </Suspense>
        )}
        <button
          type="button"
          commandfor={DIALOG_ID}
          command="close"
          aria-label="Close"
          className="absolute top-4 right-4 rounded-md p-1 text-muted-foreground hover:text-foreground"
          onClick={() => {
            if (!invokerCommands()) dialog.current?.close();
          }}
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </dialog>
    </>
  );
}
