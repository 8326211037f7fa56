import { ConsoleReleasesPage } from "../../../features/console-releases/console-releases-page";

export function Component() {
  return <ConsoleReleasesPage />;
}
