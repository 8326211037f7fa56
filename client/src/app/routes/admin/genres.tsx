import { ConsoleGenresPage } from "../../../features/console-genres/console-genres-page";

export function Component() {
  return <ConsoleGenresPage />;
}
