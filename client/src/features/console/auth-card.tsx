import type { ReactNode } from "react";
import { Card, CardContent } from "../../components/ui/card";
import { ConsolePageHeading } from "./console-page-heading";

/** The narrow card of the signed-out pages (sign in, set a password). */
export function AuthCard({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md space-y-6 py-4">
      <ConsolePageHeading title={title}>{lead}</ConsolePageHeading>
      <Card>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
