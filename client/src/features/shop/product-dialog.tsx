import { Minus, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { FallbackImage } from "../../components/media/fallback-image";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { formatPrice } from "../../lib/format";
import { notify } from "../../lib/notify";
import { defaultVariants, missingVariants, parseQuantity } from "./cart-lines";
import { cart } from "./cart-store";
import type { Product } from "./merchandise.data";

/** Product details: variants preset to their first option, quantity from 1, Add to Cart. */
export function ProductDialog({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const [selected, setSelected] = useState<Record<string, string>>({});
  const [quantity, setQuantity] = useState(1);
  const [quantityText, setQuantityText] = useState("1");

  useEffect(() => {
    if (!product) return;
    setSelected(defaultVariants(product));
    setQuantity(1);
    setQuantityText("1");
  }, [product]);

  const changeQuantity = (next: number) => {
    const value = Math.max(1, next);
    setQuantity(value);
    setQuantityText(String(value));
  };

  const addToCart = () => {
    if (!product) return;
    if (missingVariants(product, selected).length > 0) {
      void notify("error", "Please select all options", {
        description: "You need to select all product options before adding to cart.",
      });
      return;
    }
    cart.add({ product, quantity, selectedVariants: selected });
    void notify("success", "Added to cart", {
      description: `${quantity} × ${product.name} added to your cart.`,
    });
    setSelected({});
    changeQuantity(1);
    onClose();
  };

  return (
    <Dialog open={product !== null} onOpenChange={(open) => !open && onClose()}>
      {product && (
        <DialogContent>
          <div className="grid gap-6 sm:grid-cols-2">
            <FallbackImage
              src={product.imageUrl}
              alt={product.name}
              width={600}
              height={600}
              loading="eager"
              className="aspect-square w-full rounded-xl object-cover"
            />
            <div className="flex flex-col gap-4">
              <DialogTitle>{product.name}</DialogTitle>
              <p className="font-bold text-2xl">{formatPrice(product.price)}</p>
              <DialogDescription>{product.description}</DialogDescription>
              {(product.variants ?? []).map((variant) => (
                <div key={variant.name} className="space-y-1.5">
                  <span id={`variant-${variant.name}`} className="font-medium text-sm">
                    {variant.name}
                  </span>
                  <Select
                    value={selected[variant.name] ?? ""}
                    onValueChange={(value) =>
                      setSelected((current) => ({ ...current, [variant.name]: value }))
                    }
                  >
                    <SelectTrigger aria-labelledby={`variant-${variant.name}`}>
                      <SelectValue placeholder={`Choose ${variant.name.toLowerCase()}`} />
                    </SelectTrigger>
                    <SelectContent>
                      {variant.options.map((option) => (
                        <SelectItem key={option} value={option}>
                          {option}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
              ))}
              <div className="space-y-1.5">
                <label htmlFor="quantity" className="font-medium text-sm">
                  Quantity
                </label>
                <div className="flex items-center gap-2">
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label="Decrease quantity"
                    disabled={quantity <= 1}
                    onClick={() => changeQuantity(quantity - 1)}
                  >
                    <Minus aria-hidden="true" />
                  </Button>
                  <Input
                    id="quantity"
                    inputMode="numeric"
                    className="w-20 text-center"
                    value={quantityText}
                    onChange={(event) => {
                      setQuantityText(event.target.value);
                      if (event.target.value !== "") changeQuantity(parseQuantity(event.target.value));
                    }}
                    onBlur={() => changeQuantity(parseQuantity(quantityText))}
                  />
                  <Button
                    variant="outline"
                    size="icon"
                    aria-label="Increase quantity"
                    onClick={() => changeQuantity(quantity + 1)}
                  >
                    <Plus aria-hidden="true" />
                  </Button>
                </div>
              </div>
              <Button className="mt-auto" onClick={addToCart}>
                Add to Cart
              </Button>
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
