import type { ExternalToast } from "sonner";

type Kind = "success" | "error" | "info";

/**
 * Shows a toast. The toast library is loaded on first use (it is not needed to paint a page), and
 * the lazily mounted <Toaster> in the root layout shows it.
 */
export async function notify(kind: Kind, title: string, options?: ExternalToast): Promise<void> {
  const { toast } = await import("sonner");
  toast[kind](title, options);
}
