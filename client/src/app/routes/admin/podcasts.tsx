import { ConsolePodcastsPage } from "../../../features/console-podcasts/console-podcasts-page";

export function Component() {
  return <ConsolePodcastsPage />;
}
