import type { ComponentProps } from "react";

/** Spotify's mark, drawn locally (no external image hosts). */
export function SpotifyIcon(props: ComponentProps<"svg">) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor" {...props}>
      <path d="M12 0a12 12 0 1 0 0 24 12 12 0 0 0 0-24Zm5.5 17.3a.75.75 0 0 1-1 .25c-2.85-1.74-6.45-2.14-10.68-1.17a.75.75 0 1 1-.33-1.46c4.63-1.06 8.6-.6 11.77 1.34.36.21.47.68.25 1.04Zm1.47-3.27a.94.94 0 0 1-1.29.31c-3.26-2-8.24-2.59-12.1-1.42a.94.94 0 1 1-.54-1.8c4.41-1.33 9.9-.68 13.62 1.61.44.27.58.85.31 1.3Zm.13-3.4C15.2 8.3 8.76 8.09 5.03 9.22a1.13 1.13 0 1 1-.65-2.16c4.28-1.3 11.4-1.05 15.88 1.61a1.13 1.13 0 0 1-1.16 1.95Z" />
    </svg>
  );
}
