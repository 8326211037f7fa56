import { useQuery } from "@tanstack/react-query";
import { consoleMeQuery } from "./console.queries";
import { ConsolePageHeading } from "./console-page-heading";
import { SignOutButton } from "./sign-out-button";
import { TwoStepSection } from "./two-step-section";

/** /admin/account: who is signed in, the second factor, and ending every session. */
export function AccountPage() {
  const { data: operator } = useQuery(consoleMeQuery);
  if (!operator) return null; // the layout says the session has ended
  return (
    <div className="space-y-10">
      <ConsolePageHeading title="Your account">
        Signed in as {operator.email} ({operator.role === "admin" ? "administrator" : "editor"}).
      </ConsolePageHeading>
      <TwoStepSection operator={operator} />
      <section aria-labelledby="sessions-heading" className="space-y-3">
        <h2 id="sessions-heading" className="font-semibold text-xl">
          Sessions
        </h2>
        <p className="max-w-2xl">
          Signed in on a computer you no longer have, or think someone else is? This ends every session of
          your account, on every device, this one included.
        </p>
        <SignOutButton everywhere />
      </section>
    </div>
  );
}
