import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../components/ui/button";

type Outcome = "idle" | "copied" | "refused";

/**
 * Copies `text` to the clipboard. What happened is said next to the button, in a live region
 * screen readers announce: 'Copied', or, when the browser refuses the clipboard (an insecure page,
 * a permission), how to copy it by hand. The text itself stays on the page, selectable.
 */
export function CopyTextButton({ text, label }: { text: string; label: string }) {
  const [outcome, setOutcome] = useState<Outcome>("idle");
  useEffect(() => {
    if (outcome !== "copied") return;
    const timer = setTimeout(() => setOutcome("idle"), 4000);
    return () => clearTimeout(timer);
  }, [outcome]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome("copied");
    } catch {
      setOutcome("refused");
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button type="button" variant="outline" size="sm" onClick={copy} aria-label={label}>
        {outcome === "copied" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        Copy
      </Button>
      <span role="status" className="text-muted-foreground text-sm">
        {outcome === "copied" ? "Copied" : outcome === "refused" ? "Select it and copy it by hand" : ""}
      </span>
    </span>
  );
}
