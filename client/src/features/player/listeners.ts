/**
 * The listeners of one of the player's framework-free stores: `subscribe` is what React's
 * useSyncExternalStore takes (it returns the listener's removal); `notify` tells them all.
 */
export function createListeners<Args extends unknown[] = []>() {
  const listeners = new Set<(...args: Args) => void>();
  return {
    notify(...args: Args) {
      for (const listener of listeners) listener(...args);
    },
    subscribe(listener: (...args: Args) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
