import { lazy, Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { Footer } from "../components/layout/footer";
import { Header } from "../components/layout/header";
import { useScrollToHash } from "./scroll-to-hash";

// Notifications only follow an interaction, so their code loads after the first paint.
const Toaster = lazy(() =>
  import("../components/ui/toaster").then((module) => ({ default: module.Toaster })),
);

export function RootLayout() {
  useScrollToHash();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="-translate-y-16 fixed top-2 left-2 z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:translate-y-0"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <ScrollRestoration getKey={(location) => location.pathname} />
    </div>
  );
}
