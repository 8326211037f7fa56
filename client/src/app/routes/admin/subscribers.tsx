import { ConsoleSubscribersPage } from "../../../features/console-subscribers/console-subscribers-page";

export function Component() {
  return <ConsoleSubscribersPage />;
}
