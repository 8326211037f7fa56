import { zodResolver } from "@hookform/resolvers/zod";
import type { ActivityPage } from "@waveform/contracts/console-activity";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { FormActions } from "../../components/ui/form-actions";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import type { ActivityFilters } from "./activity.queries";

const DAY_MESSAGE = "Use a date like 2026-11-24";
const day = z.union([z.literal(""), z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, DAY_MESSAGE))]);
const FiltersSchema = z.object({ entity: z.string(), operator: z.string(), from: day, to: day }).check(
  z.refine((values) => !values.from || !values.to || values.from <= values.to, {
    message: "The end date is before the start date",
    path: ["to"],
  }),
);
type FiltersInput = z.input<typeof FiltersSchema>;

/**
 * The activity page's filters; applying them changes the address (page 1 of the new list). They
 * start from the address's filters, as defaults: react-hook-form's `values` would put them back
 * in an effect after the form arrives, over a choice made the moment the page hydrated. The page
 * gives the form a new key when the address's filters change (Clear, Back), so it starts again.
 */
export function ActivityFiltersForm({
  filters,
  options,
  onApply,
}: {
  filters: ActivityFilters;
  options: Pick<ActivityPage, "entities" | "operators">;
  onApply: (filters: ActivityFilters) => void;
}) {
  const form = useForm<FiltersInput>({
    resolver: zodResolver(FiltersSchema),
    defaultValues: {
      entity: filters.entity ?? "",
      operator: filters.operator ?? "",
      from: filters.from ?? "",
      to: filters.to ?? "",
    },
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      aria-label="Filter the activity"
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      onSubmit={form.handleSubmit((values) => onApply(values))}
    >
      <FormField id="activity-entity" label="What">
        <NativeSelect {...fieldControlProps("activity-entity", undefined)} {...form.register("entity")}>
          <option value="">Everything</option>
          {options.entities.map((entity) => (
            <option key={entity} value={entity}>
              {entity}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="activity-operator" label="Who">
        <NativeSelect {...fieldControlProps("activity-operator", undefined)} {...form.register("operator")}>
          <option value="">Anyone</option>
          <option value="cli">The admin CLI</option>
          {options.operators.map((operator) => (
            <option key={operator.id} value={String(operator.id)}>
              {operator.email}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="activity-from" label="From (day)" error={errors.from?.message}>
        <Input
          type="date"
          {...fieldControlProps("activity-from", errors.from?.message)}
          {...form.register("from")}
        />
      </FormField>
      <FormField id="activity-to" label="To (day)" error={errors.to?.message}>
        <Input
          type="date"
          {...fieldControlProps("activity-to", errors.to?.message)}
          {...form.register("to")}
        />
      </FormField>
      <FormActions label="Apply" cancel={{ label: "Clear", onClick: () => onApply({}) }} />
    </form>
  );
}
