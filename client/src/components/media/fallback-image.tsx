import { artRasterSrcSet } from "@waveform/contracts/artwork";
import { type ComponentProps, useCallback, useState } from "react";

/** Local stand-in shown when an image fails to load (covers, logos and photos). */
export const FALLBACK_IMAGE = "/fallback/cover.svg";

/**
 * Which of the WebP widths a browser picks for our generated artwork. A lazy image is measured as
 * laid out (`auto`); otherwise, and where `auto` is not known, the image is taken to be as wide as
 * its `width` (which every use gives as its largest size on screen or the drawing's own) or the
 * window, whichever is narrower.
 */
export const artSizes = (width: number, loading: "lazy" | "eager") =>
  `${loading === "lazy" ? "auto, " : ""}min(${width}px, 100vw)`;

/**
 * An <img> with explicit dimensions (no layout shift), lazy by default, that switches to a local
 * fallback once if its source fails — also when it failed in the server-rendered page before the
 * page hydrated (the error event came before React listened for it). Our generated artwork is shown
 * as WebP at the width it needs (`artRasterSrcSet`): a browser builds every SVG `<img>` as a
 * document of its own on the page's main thread, and decodes a WebP off it.
 */
export function FallbackImage({
  src,
  fallback = FALLBACK_IMAGE,
  loading = "lazy",
  alt,
  width,
  ...props
}: Omit<ComponentProps<"img">, "srcSet" | "sizes" | "loading"> & {
  src: string;
  fallback?: string;
  width: number;
  height: number;
  loading?: "lazy" | "eager";
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const current = failedSrc === src ? fallback : src;
  const fail = useCallback(() => {
    if (current !== fallback) setFailedSrc(src);
  }, [current, fallback, src]);
  const checkAlreadyFailed = useCallback(
    (image: HTMLImageElement | null) => {
      if (image?.complete && image.naturalWidth === 0 && image.getAttribute("src") !== fallback) fail();
    },
    [fail, fallback],
  );
  const srcSet = current === src ? artRasterSrcSet(src) : null;
  return (
    <img
      {...props}
      ref={checkAlreadyFailed}
      alt={alt}
      width={width}
      src={current}
      srcSet={srcSet ?? undefined}
      sizes={srcSet ? artSizes(width, loading) : undefined}
      loading={loading}
      decoding="async"
      onError={fail}
    />
  );
}

/** Image attributes for a page's largest image on a phone's first screen (its LCP): loaded first. */
export const FIRST_SCREEN_IMAGE = { loading: "eager", fetchPriority: "high" } as const;
