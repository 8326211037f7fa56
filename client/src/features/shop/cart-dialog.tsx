import { ShoppingCart, Trash2, X } from "lucide-react";
import { useRef } from "react";
import { FallbackImage } from "../../components/media/fallback-image";
import { Button } from "../../components/ui/button";
import { formatPrice } from "../../lib/format";
import { notify } from "../../lib/notify";
import { cartItemCount, cartSubtotal } from "./cart-lines";
import { cart, useCartLines } from "./cart-store";

const DIALOG_ID = "cart-dialog";

/** Whether this browser opens and closes a dialog from a button's `commandfor` by itself. */
const invokerCommands = () =>
  typeof HTMLButtonElement !== "undefined" && "commandForElement" in HTMLButtonElement.prototype;

/**
 * The Cart button with its item-count badge, and the cart dialog it opens: a `<dialog>` the browser
 * opens itself (invoker commands: `commandfor`, `command="show-modal"`), so a tap answers at once,
 * before the page's code has run (decision 0034); Escape, the close button and a tap outside close
 * it, the browser keeps the focus inside while open and gives it back to the button. The server
 * renders it empty, as every page load starts (the cart lives in memory); the code fills it. Where
 * the browser lacks invoker commands, the buttons' own handlers open and close it.
 */
export function CartDialog() {
  const lines = useCartLines();
  const count = cartItemCount(lines);
  const subtotal = cartSubtotal(lines);
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
          <>
            <ul className="mt-4 divide-y" aria-label="Cart items">
              {lines.map((line, index) => (
                // Lines are identified by position: the same product can appear twice.
                // biome-ignore lint/suspicious/noArrayIndexKey: position is the line's identity
                <li key={index} className="flex items-center gap-4 py-3">
                  <FallbackImage
                    src={line.product.imageUrl}
                    alt=""
                    width={64}
                    height={64}
                    className="size-16 rounded-md object-cover"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{line.product.name}</p>
                    <p className="text-muted-foreground text-sm">
                      {Object.entries(line.selectedVariants)
                        .map(([name, option]) => `${name}: ${option}`)
                        .join(", ")}
                      {Object.keys(line.selectedVariants).length > 0 && " · "}Qty {line.quantity}
                    </p>
                  </div>
                  <p className="font-semibold">{formatPrice(line.product.price * line.quantity)}</p>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${line.product.name}`}
                    onClick={() => cart.removeAt(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
            <dl className="mt-4 space-y-2 border-t pt-4 text-sm">
              <div className="flex justify-between">
                <dt>Subtotal</dt>
                <dd>{formatPrice(subtotal)}</dd>
              </div>
              <div className="flex justify-between">
                <dt>Shipping</dt>
                <dd className="text-muted-foreground">Calculated at checkout</dd>
              </div>
              <div className="flex justify-between font-bold text-base">
                <dt>Total</dt>
                <dd>{formatPrice(subtotal)}</dd>
              </div>
            </dl>
            <Button
              className="mt-6 w-full"
              onClick={() => {
                // The notice shows over the page: a modal dialog would keep it behind its backdrop.
                dialog.current?.close();
                void notify("info", "Checkout feature coming soon", {
                  description: "This feature is currently under development.",
                });
              }}
            >
              Checkout
            </Button>
          </>
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
