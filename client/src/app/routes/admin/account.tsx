import { AccountPage } from "../../../features/console/account-page";

export function Component() {
  return <AccountPage />;
}
