import { Slider as Primitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "../../lib/cn";

/** A one-thumb slider; `thumbLabel` names the thumb, which is what has the slider role. */
export function Slider({
  className,
  thumbLabel,
  ...props
}: ComponentProps<typeof Primitive.Root> & { thumbLabel: string }) {
  return (
    <Primitive.Root
      data-slot="slider"
      className={cn("relative flex h-6 w-full touch-none select-none items-center", className)}
      {...props}
    >
      <Primitive.Track className="relative h-2 w-full grow overflow-hidden rounded-full bg-muted">
        <Primitive.Range className="absolute h-full bg-primary" />
      </Primitive.Track>
      <Primitive.Thumb
        aria-label={thumbLabel}
        className="block size-5 rounded-full border-2 border-primary bg-background shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
    </Primitive.Root>
  );
}
