import { isListeningService, type ListeningService } from "@waveform/contracts/listening-services";
import { useSyncExternalStore } from "react";

const STORAGE_KEY = "waveform-listening-service";
const listeners = new Set<() => void>();

function read(): ListeningService | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isListeningService(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Remembers on this device which service the visitor listens on; every page showing it follows. */
export function chooseService(service: ListeningService): void {
  try {
    localStorage.setItem(STORAGE_KEY, service);
  } catch {
    // Storage refused (private mode): the choice holds until the page is left.
  }
  chosen = service;
  for (const listener of listeners) listener();
}

let chosen: ListeningService | null | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    chosen = read();
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const snapshot = () => {
  chosen ??= read();
  return chosen;
};

/**
 * The visitor's service, or null until they choose one. The server (which cannot know it) and the
 * first browser render say null, so the page hydrates as it was rendered; the choice follows at once.
 */
export function useYourService(): ListeningService | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
