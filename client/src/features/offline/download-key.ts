/** Where this device records its downloads (download-store.ts), apart so a page can look without the store. */
export const DOWNLOADS_STORAGE_KEY = "waveform-downloads";

/** Whether this device has recorded any download (unchecked: the store checks each entry when read). */
export function mayHaveDownloads(): boolean {
  try {
    const raw = localStorage.getItem(DOWNLOADS_STORAGE_KEY);
    return raw !== null && raw !== "[]";
  } catch {
    return false;
  }
}
