import { Monitor, Moon, Sun } from "lucide-react";
import type { ThemePreference } from "../../lib/theme";
import { useTheme } from "./theme-provider";

const options: { value: ThemePreference; label: string; Icon: typeof Sun }[] = [
  { value: "light", label: "Light theme", Icon: Sun },
  { value: "dark", label: "Dark theme", Icon: Moon },
  { value: "system", label: "System theme", Icon: Monitor },
];

/**
 * Three pressed-state buttons rather than a menu: one click to switch, each choice announced with
 * its state, and no popover code on the critical path of every page.
 */
export function ThemeToggle() {
  const { preference, setPreference } = useTheme();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would bring a legend and form styling to a toolbar control
    <div role="group" aria-label="Theme" className="flex items-center rounded-full border bg-muted/60 p-0.5">
      {options.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          aria-label={label}
          aria-pressed={preference === value}
          // Answered before the page's code by the inline theme script (lib/theme-script.ts).
          data-theme-choice={value}
          title={label}
          onClick={() => setPreference(value)}
          className="flex size-8 items-center justify-center rounded-full text-muted-foreground transition-colors hover:text-foreground aria-pressed:bg-background aria-pressed:text-foreground aria-pressed:shadow-sm"
        >
          <Icon className="size-4" aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
