import { type ComponentProps, useState } from "react";

/** Local stand-in shown when an image fails to load (SPEC §8: covers and photos fall back). */
export const FALLBACK_IMAGE = "/fallback/cover.svg";

/**
 * An <img> with explicit dimensions (no layout shift), lazy by default, that switches to a local
 * fallback once if its source fails.
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
  return (
    <img
      {...props}
      alt={alt}
      src={current}
      loading={loading}
      decoding="async"
      onError={() => {
        if (current !== fallback) setFailedSrc(src);
      }}
    />
  );
}
