import { useEffect } from "react";
import { Toaster as Sonner } from "sonner";
import { useTheme } from "../layout/theme-provider";

/** At most one notification at a time, shown for 5 seconds by default. */
export const TOAST_DURATION_MS = 5000;

export function Toaster({ onMounted }: { onMounted?: () => void }) {
  const { preference } = useTheme();
  useEffect(() => onMounted?.(), [onMounted]);
  return (
    <Sonner
      theme={preference}
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      position="bottom-right"
      richColors
      closeButton
      // Above the audio player when it is open (its height: use-page-clearance.ts).
      offset={{ bottom: "calc(var(--player-clearance, 0px) + 24px)" }}
      mobileOffset={{ bottom: "calc(var(--player-clearance, 0px) + 16px)" }}
    />
  );
}
