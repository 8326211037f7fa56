import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from "react-hook-form";
import { readableError } from "../../lib/api/errors";
import { showFieldIssues } from "../../lib/field-issues";

/**
 * The behaviour every small row form of a genre shares (a subgenre, an artist): the contract's
 * resolver, the server's field issues on their fields (anything else above the form, with what was
 * typed kept), and the 'Add …' form emptied after a save (`rowForm` false) while a row keeps its
 * values. `fail` also reports a failed Remove the same way.
 */
export function useItemForm<Values extends FieldValues, Output>({
  resolver,
  defaultValues,
  fields,
  rowForm,
  onSubmit,
}: {
  resolver: Resolver<Values, unknown, Output>;
  defaultValues: DefaultValues<Values>;
  fields: readonly Path<Values>[];
  rowForm: boolean;
  onSubmit: (values: Output) => Promise<unknown>;
}) {
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues });
  const fail = (error: unknown) => {
    if (!showFieldIssues(error, fields, form.setError))
      form.setError("root", { message: `Not saved: ${readableError(error)}` });
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      if (!rowForm) form.reset(defaultValues);
    } catch (error) {
      fail(error);
    }
  });
  return { form, fail, submit };
}
