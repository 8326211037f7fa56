import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { registerToasterMount } from "../../lib/notify";

const Toaster = lazy(() => import("./toaster").then((module) => ({ default: module.Toaster })));

/** Mounts the (lazily loaded) toaster on the first notify() call and tells it when it is ready. */
export function ToasterHost() {
  const [wanted, setWanted] = useState(false);
  const ready = useRef<() => void>(() => {});

  useEffect(() => {
    registerToasterMount(
      () =>
        new Promise<void>((resolve) => {
          ready.current = resolve;
          setWanted(true);
        }),
    );
  }, []);

  const onMounted = useCallback(() => ready.current(), []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster onMounted={onMounted} />
    </Suspense>
  );
}
