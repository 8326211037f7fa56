/**
 * Offline's public entry: the downloads this device keeps and, on demand, the downloader. The
 * service worker (`service-worker.ts`) is built on its own by `client/service-worker-build.ts`.
 */
export { mayHaveDownloads } from "./download-key";
export { type Download, useDownloads } from "./download-store";
export type { Progress } from "./downloader";

/** The downloader (fetching, storing and removing an episode's audio), fetched on a first download. */
export const loadDownloader = () => import("./downloader");
