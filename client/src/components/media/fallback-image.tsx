import { type ComponentProps, useCallback, useState } from "react";

/** Local stand-in shown when an image fails to load (covers, logos and photos). */
export const FALLBACK_IMAGE = "/fallback/cover.svg";

/**
 * An <img> with explicit dimensions (no layout shift), lazy by default, that switches to a local
 * fallback once if its source fails — also when it failed in the server-rendered page before the
 * page hydrated (the error event came before React listened for it).
 */
export function FallbackImage({
  src,
  fallback = FALLBACK_IMAGE,
  loading = "lazy",
  alt,
  ...props
}: ComponentProps<"img"> & { src: string; fallback?: string; width: number; height: number }) {
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
  return (
    <img
      {...props}
      ref={checkAlreadyFailed}
      alt={alt}
      src={current}
      loading={loading}
      decoding="async"
      onError={fail}
    />
  );
}

/** Image attributes for a page's largest image on a phone's first screen (its LCP): loaded first. */
export const FIRST_SCREEN_IMAGE = { loading: "eager", fetchPriority: "high" } as const;
