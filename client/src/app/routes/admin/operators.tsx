import { consoleMeQuery } from "../../../features/console/console.queries";
import { operatorsQuery } from "../../../features/console/operators.queries";
import { OperatorsPage } from "../../../features/console/operators-page";
import type { RouteQueries } from "../../route-data";

export function Component() {
  return <OperatorsPage />;
}

export const queries: RouteQueries = () => [consoleMeQuery, operatorsQuery];
