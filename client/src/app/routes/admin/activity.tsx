import { ActivityPage } from "../../../features/console/activity-page";

export function Component() {
  return <ActivityPage />;
}
