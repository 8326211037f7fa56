import { lazy, Suspense, useEffect, useState } from "react";
import { mayHaveDownloads } from "../offline";
import type { PlayButton } from "./downloads-section";

const DownloadsSection = lazy(() =>
  import("./downloads-section").then((module) => ({ default: module.DownloadsSection })),
);

/**
 * The downloads list on /podcasts, its code loaded only on a device that has downloaded something
 * (most visitors never have): a look at localStorage after hydration, then the section.
 */
export function DownloadsOnDevice({ playButton }: { playButton: PlayButton }) {
  const [present, setPresent] = useState(false);
  useEffect(() => setPresent(mayHaveDownloads()), []);
  if (!present) return null;
  return (
    <Suspense fallback={null}>
      <DownloadsSection playButton={playButton} />
    </Suspense>
  );
}
