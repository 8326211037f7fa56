/** The player's round icon buttons: 40 px targets with a visible focus ring. */
export const iconButton =
  "relative flex size-10 shrink-0 items-center justify-center rounded-full text-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50";
