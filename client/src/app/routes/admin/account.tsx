import { AccountPage } from "../../../features/console/account-page";
import { consoleMeQuery } from "../../../features/console/console.queries";
import type { RouteQueries } from "../../route-data";

export function Component() {
  return <AccountPage />;
}

export const queries: RouteQueries = () => [consoleMeQuery];
