import type { ExternalToast } from "sonner";

type Kind = "success" | "error" | "info";

/**
 * The toast library is not needed to paint a page, so it loads on the first notification: the
 * root layout's <ToasterHost> mounts the toaster when asked, and notify() waits for that.
 */
let mount: (() => Promise<void>) | null = null;
let mounted: Promise<void> | null = null;

export function registerToasterMount(mountToaster: () => Promise<void>): void {
  mount = mountToaster;
}

export async function notify(kind: Kind, title: string, options?: ExternalToast): Promise<void> {
  mounted ??= mount ? mount() : Promise.resolve();
  const [{ toast }] = await Promise.all([import("sonner"), mounted]);
  toast[kind](title, options);
}
