import { Trash2 } from "lucide-react";
import { FallbackImage } from "../../components/media/fallback-image";
import { Button } from "../../components/ui/button";
import { formatPrice } from "../../lib/format";
import { notify } from "../../lib/notify";
import { type CartLine, cartSubtotal } from "./cart-lines";
import { cart } from "./cart-store";

/**
 * What the cart dialog shows once the cart holds something: its lines, each removable, the totals
 * and Checkout (`onCheckout` closes the dialog). Its own module: every page load starts with an
 * empty cart, so this code loads when the first line is added, not with the shop (cart-dialog.tsx).
 */
export function CartContents({ lines, onCheckout }: { lines: CartLine[]; onCheckout: () => void }) {
  const subtotal = cartSubtotal(lines);
  return (
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
          onCheckout();
          void notify("info", "Checkout feature coming soon", {
            description: "This feature is currently under development.",
          });
        }}
      >
        Checkout
      </Button>
    </>
  );
}
