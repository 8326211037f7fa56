import { zodResolver } from "@hookform/resolvers/zod";
import {
  type SubgenreInput,
  SubgenreInputSchema,
  type SubgenreInputValues,
} from "@waveform/contracts/console-genres";
import { Button } from "../../components/ui/button";
import { FormActions } from "../../components/ui/form-actions";
import { FormError } from "../../components/ui/form-error";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { useItemForm } from "./use-item-form";

const FIELDS = ["name", "popularity"] as const;

/**
 * One subgenre's name and popularity as a small form: a row of the list (Save, Remove) or the
 * 'Add a subgenre' form (emptied after a save). `idBase` keeps each row's field ids apart; `what`
 * names the row in its labels ("Techno"), so every control says which subgenre it changes.
 */
export function SubgenreItemForm({
  idBase,
  what,
  defaultValues,
  submitLabel,
  onSubmit,
  onRemove,
}: {
  idBase: string;
  what?: string;
  defaultValues: SubgenreInputValues;
  submitLabel: string;
  onSubmit: (values: SubgenreInput) => Promise<unknown>;
  onRemove?: () => Promise<unknown>;
}) {
  const { form, fail, submit } = useItemForm<SubgenreInputValues, SubgenreInput>({
    resolver: zodResolver(SubgenreInputSchema),
    defaultValues,
    fields: FIELDS,
    rowForm: onRemove !== undefined,
    onSubmit,
  });
  const { errors, isSubmitting } = form.formState;
  const id = (name: string) => `${idBase}-${name}`;
  return (
    <form noValidate onSubmit={submit} className="space-y-2">
      <div className="grid grid-cols-[1fr_9rem] items-start gap-3 sm:grid-cols-[1fr_9rem_auto]">
        <FormField id={id("name")} label="Name" error={errors.name?.message}>
          <Input
            {...fieldControlProps(id("name"), errors.name?.message)}
            aria-label={what ? `Name of ${what}` : "New subgenre's name"}
            {...form.register("name")}
          />
        </FormField>
        <FormField id={id("popularity")} label="Popularity (0–10)" error={errors.popularity?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={10}
            step={1}
            {...fieldControlProps(id("popularity"), errors.popularity?.message)}
            aria-label={what ? `Popularity (0–10) of ${what}` : "New subgenre's popularity (0–10)"}
            {...form.register("popularity", { valueAsNumber: true })}
          />
        </FormField>
        <FormActions
          label={submitLabel}
          busyLabel="Saving…"
          busy={isSubmitting}
          size="sm"
          aria-label={what ? `${submitLabel}: ${what}` : undefined}
          className="col-span-2 sm:col-span-1 sm:pt-7"
        >
          {onRemove && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={isSubmitting}
              aria-label={`Remove: ${what}`}
              onClick={() => onRemove().catch(fail)}
            >
              Remove
            </Button>
          )}
        </FormActions>
      </div>
      <FormError>{errors.root?.message}</FormError>
    </form>
  );
}
