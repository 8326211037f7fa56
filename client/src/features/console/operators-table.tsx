import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OperatorRow } from "@waveform/contracts/console-operators";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../../components/ui/dialog";
import { FormActions } from "../../components/ui/form-actions";
import { FormError } from "../../components/ui/form-error";
import { TableRegion } from "../../components/ui/table-region";
import { readableError } from "../../lib/api/errors";
import { OneTimeLink } from "./one-time-link";
import { disableOperator, operatorsQuery, resetOperatorLink } from "./operators.queries";

const statusOf = (operator: OperatorRow) =>
  operator.disabled ? "Disabled" : operator.hasPassword ? "Active" : "Waiting for their password";

/** Disable, after one confirmation: their sessions end at once. */
function DisableDialog({ operator }: { operator: OperatorRow }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const disabling = useMutation({
    mutationFn: () => disableOperator(operator.id),
    onSuccess: async () => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: operatorsQuery.queryKey });
    },
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Disable ${operator.email}`}>
          Disable
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Disable this operator?</DialogTitle>
        <DialogDescription>
          {operator.email} will be signed out everywhere at once and cannot sign in again. Their changes stay
          in the activity log.
        </DialogDescription>
        {disabling.isError && <FormError>{readableError(disabling.error)}</FormError>}
        <FormActions
          end
          label="Disable"
          busy={disabling.isPending}
          variant="destructive"
          onClick={() => disabling.mutate()}
          cancel={{ onClick: () => setOpen(false) }}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Every operator: role, state, two-step sign-in, and what an admin can do about them. */
export function OperatorsTable({ operators, myId }: { operators: OperatorRow[]; myId: number }) {
  const resetting = useMutation({ mutationFn: (operator: OperatorRow) => resetOperatorLink(operator.id) });
  return (
    <div className="space-y-4">
      <TableRegion label="Operators">
        <table className="w-full text-left text-sm">
          <thead className="border-b bg-muted/50">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Email
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Role
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                State
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Two-step
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {operators.map((operator) => (
              <tr key={operator.id} className="border-b last:border-0">
                <td className="px-3 py-2">{operator.email}</td>
                <td className="px-3 py-2">{operator.role === "admin" ? "Administrator" : "Editor"}</td>
                <td className="px-3 py-2">{statusOf(operator)}</td>
                <td className="px-3 py-2">{operator.totpEnabled ? "On" : "Off"}</td>
                <td className="px-3 py-2">
                  {!operator.disabled && operator.id !== myId && (
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`New link for ${operator.email}`}
                        disabled={resetting.isPending}
                        onClick={() => resetting.mutate(operator)}
                      >
                        New link
                      </Button>
                      <DisableDialog operator={operator} />
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <div role="status">
        {resetting.data && resetting.variables && (
          <OneTimeLink
            email={resetting.variables.email}
            link={resetting.data.link}
            minutes={resetting.data.expiresInMinutes}
          />
        )}
        {resetting.isError && (
          <p className="text-destructive dark:text-red-400">{readableError(resetting.error)}</p>
        )}
      </div>
    </div>
  );
}
