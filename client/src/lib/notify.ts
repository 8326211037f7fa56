import type { ExternalToast } from "sonner";

type Kind = "success" | "error" | "info";

/**
 * The toast library is not needed to paint a page, so it loads on the first notification: the
 * root layout's <ToasterHost> registers how to mount the toaster, and notify() waits for it (a
 * page's effects can run before the layout's).
 */
let mount: (() => Promise<void>) | null = null;
let mounted: Promise<void> | null = null;
let announceRegistered: () => void = () => {};
const registered = new Promise<void>((resolve) => {
  announceRegistered = resolve;
});

export function registerToasterMount(mountToaster: () => Promise<void>): void {
  mount = mountToaster;
  announceRegistered();
}

export async function notify(kind: Kind, title: string, options?: ExternalToast): Promise<void> {
  await registered;
  mounted ??= mount ? mount() : Promise.resolve();
  const [{ toast }] = await Promise.all([import("sonner"), mounted]);
  toast[kind](title, options);
}
