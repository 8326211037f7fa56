import { PageNotFound } from "../../components/layout/page-not-found";

export function Component() {
  return <PageNotFound />;
}
