import "./styles/globals.css";
import { type ReactNode, StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { prefetchOnIntent } from "./app/prefetch-on-intent";
import { Providers } from "./app/providers";
import { AppRoutes, preloadMatchedScreens } from "./app/router";
import { whenRegionsHydrated } from "./lib/hydration-region";
import { createQueryClient, retryErrorsOnMount } from "./lib/query-client";
import { receiveState } from "./lib/query-transfer";

// The page's code has run (downloaded, parsed, evaluated): `npm run bench:interact` reads when.
performance.mark("waveform:code");

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

/**
 * Ends the current task: each step of starting up (reading the page's data, loading its route
 * module, hydrating) runs as a task of its own instead of one long one, so a tap lands
 * between them (Total Blocking Time).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const state = document.getElementById("page-state")?.textContent;
const queryClient = createQueryClient({ fromServer: Boolean(state) });

/** Runs after every screen below it has subscribed to its data, i.e. once the page has hydrated. */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    retryErrorsOnMount(queryClient);
    // From now on a link's hover or focus reads ahead what its page shows.
    prefetchOnIntent(queryClient);
    // The shell has hydrated; the page has once each of its regions has too (decision 0034).
    whenRegionsHydrated(() => {
      document.documentElement.dataset.app = "ready";
      window.__waveformEvents?.ready();
    });
  }, []);
  return children;
}

const app = (
  <StrictMode>
    <Providers queryClient={queryClient}>
      <Hydrated>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Hydrated>
    </Providers>
  </StrictMode>
);

if (state) {
  // Server-rendered: the page arrives whole; hydrate it with the data it was rendered with.
  receiveState(queryClient, state);
  await nextTask();
  // The page's screens, loaded before hydrating so the first render matches the server's markup.
  await preloadMatchedScreens(window.location.pathname);
  await nextTask();
  // As a transition, hydration yields to the browser every few milliseconds instead of running as
  // one long task: the page stays responsive (Total Blocking Time) while it comes alive.
  performance.mark("waveform:hydrate");
  startTransition(() => {
    hydrateRoot(container, app);
  });
  // React listens from here: what the visitor did so far goes to it now, and React hydrates the
  // region each action landed in ahead of the rest (decision 0034).
  window.__waveformEvents?.listening();
} else {
  // The bare shell (the Vite dev server, or a page the server could not render): the first screen
  // shows its loading states while it reads; navigations from it wait for their data.
  createRoot(container).render(app);
}
