import { Trash2 } from "lucide-react";
import type { RefObject } from "react";
import { FallbackImage } from "../../components/media/fallback-image";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { formatPrice } from "../../lib/format";
import { notify } from "../../lib/notify";
import { cartSubtotal } from "./cart-lines";
import { cart, useCartLines } from "./cart-store";

/**
 * The cart dialog, opened by the Cart button (cart-button.tsx), which loads this code when the
 * visitor reaches for it. Closing returns focus to that button.
 */
export function CartDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const lines = useCartLines();
  const subtotal = cartSubtotal(lines);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogTitle>Your Cart</DialogTitle>
        <DialogDescription className="sr-only">Items in your cart and the order total</DialogDescription>
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
              onClick={() =>
                void notify("info", "Checkout feature coming soon", {
                  description: "This feature is currently under development.",
                })
              }
            >
              Checkout
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
