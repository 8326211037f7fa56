import { useQuery } from "@tanstack/react-query";
import { readableError } from "../../lib/api/errors";
import { AddOperatorForm } from "./add-operator-form";
import { consoleMeQuery } from "./console.queries";
import { ConsolePageHeading } from "./console-page-heading";
import { operatorsQuery } from "./operators.queries";
import { OperatorsTable } from "./operators-table";

/** /admin/operators (admins): who may use the console; add one, give a new link, disable. */
export function OperatorsPage() {
  const { data: me } = useQuery(consoleMeQuery);
  const operators = useQuery(operatorsQuery);
  return (
    <div className="space-y-8">
      <ConsolePageHeading title="Operators">
        Editors manage the content; administrators also manage operators, advertisements and subscribers. A
        new operator chooses their password with a one-time link.
      </ConsolePageHeading>
      <section aria-labelledby="add-operator-heading" className="space-y-3">
        <h2 id="add-operator-heading" className="font-semibold text-xl">
          Add an operator
        </h2>
        <AddOperatorForm />
      </section>
      <section aria-labelledby="operators-heading" className="space-y-3">
        <h2 id="operators-heading" className="font-semibold text-xl">
          Operators
        </h2>
        {operators.isPending ? (
          <p className="text-muted-foreground">Loading operators…</p>
        ) : operators.isError ? (
          <p role="alert" className="text-destructive dark:text-red-400">
            The operators could not be loaded: {readableError(operators.error)}
          </p>
        ) : (
          <OperatorsTable operators={operators.data} myId={me?.id ?? 0} />
        )}
      </section>
    </div>
  );
}
