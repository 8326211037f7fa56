import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Advertisement } from "@waveform/contracts/ads";
import { AD_WEIGHT_MAX, type NewAdInput, NewAdSchema } from "@waveform/contracts/console-ads";
import { type ReactNode, useEffect } from "react";
import { useForm } from "react-hook-form";
import { FormActions } from "../../components/ui/form-actions";
import { FormError } from "../../components/ui/form-error";
import { FormField, fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { readableError } from "../../lib/api/errors";
import { showFieldIssues } from "../../lib/field-issues";
import { siteOrigin } from "../../lib/site-config";
import { fromLocalInput, toLocalInput } from "./ad-times";
import { consoleAdsQuery, scheduleAd } from "./console-ads.queries";

const FIELDS = [
  "title",
  "description",
  "ctaText",
  "ctaUrl",
  "imageUrl",
  "startsAt",
  "endsAt",
  "weight",
] as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const EMPTY: NewAdInput = {
  title: "",
  description: "",
  ctaText: "",
  ctaUrl: "https://",
  imageUrl: "",
  startsAt: "",
  endsAt: "",
  weight: 10,
};

/**
 * Schedules an advertisement. The preview beside the form is the home page's own banner
 * (`renderPreview`, given by the route module, which may compose the public ads feature), drawn
 * from what is typed. A refused save shows each error beside its field and keeps what was typed.
 */
export function AdForm({
  renderPreview,
  status,
  onScheduled,
}: {
  renderPreview: (ad: Advertisement) => ReactNode;
  /** The last save's outcome, said under the button (a live region). */
  status: string;
  onScheduled: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const form = useForm<NewAdInput>({ resolver: zodResolver(NewAdSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  // The window starts now and lasts a week unless changed; set after hydration, since the server
  // does not know the browser's time zone.
  useEffect(() => {
    if (form.getValues("startsAt")) return;
    const now = new Date();
    form.setValue("startsAt", toLocalInput(now));
    form.setValue("endsAt", toLocalInput(new Date(now.getTime() + 7 * DAY_MS)));
  }, [form]);

  const scheduling = useMutation({
    mutationFn: (values: NewAdInput) =>
      scheduleAd({
        ...values,
        startsAt: fromLocalInput(values.startsAt),
        endsAt: fromLocalInput(values.endsAt),
      }),
    onSuccess: async ({ ad }) => {
      const start = toLocalInput(new Date());
      form.reset({ ...EMPTY, startsAt: start, endsAt: toLocalInput(new Date(Date.now() + 7 * DAY_MS)) });
      onScheduled(`Scheduled "${ad.title}" (${ad.state}).`);
      await queryClient.invalidateQueries({ queryKey: consoleAdsQuery.queryKey });
    },
    onError: (failure) => {
      if (!showFieldIssues(failure, FIELDS, form.setError)) {
        form.setError("root", { type: "server", message: readableError(failure) });
      }
    },
  });

  const typed = form.watch();
  const preview: Advertisement = {
    id: 1,
    title: typed.title || "Title",
    description: typed.description || "Description",
    ctaText: typed.ctaText || "Button text",
    // Until a usable address is typed, the preview's button leads to this site, never to nowhere.
    ctaUrl: /^https?:\/\/./.test(typed.ctaUrl ?? "") ? typed.ctaUrl : `${siteOrigin()}/`,
    imageUrl: typed.imageUrl?.startsWith("/") ? typed.imageUrl : "/art/ad/preview.svg",
  };
  const text = (
    name: "title" | "ctaText" | "ctaUrl" | "imageUrl",
    label: string,
    hint?: string,
    type = "text",
  ) => {
    const id = `ad-${name}`;
    return (
      <FormField id={id} label={label} hint={hint} error={errors[name]?.message}>
        <Input type={type} {...fieldControlProps(id, errors[name]?.message, hint)} {...form.register(name)} />
      </FormField>
    );
  };

  return (
    <div className="grid gap-8 lg:grid-cols-2">
      <form
        noValidate
        className="space-y-4"
        onSubmit={form.handleSubmit((values) => scheduling.mutate(values))}
      >
        {text("title", "Title")}
        <FormField id="ad-description" label="Description" error={errors.description?.message}>
          <textarea
            rows={3}
            className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-ring md:text-sm"
            {...fieldControlProps("ad-description", errors.description?.message)}
            {...form.register("description")}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("ctaText", "Button text")}
          {text("ctaUrl", "Button address", "http:// or https:// only", "url")}
        </div>
        {text(
          "imageUrl",
          "Image (optional)",
          "A picture on this site, e.g. /images/sale.png; empty: generated artwork",
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {(["startsAt", "endsAt"] as const).map((name) => (
            <FormField
              key={name}
              id={`ad-${name}`}
              label={name === "startsAt" ? "Starts" : "Ends"}
              error={errors[name]?.message}
            >
              <Input
                type="datetime-local"
                {...fieldControlProps(`ad-${name}`, errors[name]?.message)}
                {...form.register(name)}
              />
            </FormField>
          ))}
        </div>
        <FormField
          id="ad-weight"
          label="Weight"
          hint={`0–${AD_WEIGHT_MAX}; when several are live, the highest weight is shown`}
          error={errors.weight?.message}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={AD_WEIGHT_MAX}
            step={1}
            className="max-w-40"
            {...fieldControlProps("ad-weight", errors.weight?.message, "hint")}
            {...form.register("weight", { valueAsNumber: true })}
          />
        </FormField>
        <FormError>{errors.root?.message}</FormError>
        <FormActions label="Schedule advertisement" busyLabel="Scheduling…" busy={scheduling.isPending} />
        <p role="status" className="font-medium text-sm">
          {status}
        </p>
      </form>
      <section aria-labelledby="ad-preview-heading" className="space-y-3">
        <h3 id="ad-preview-heading" className="font-semibold text-lg">
          Preview
        </h3>
        <p className="text-muted-foreground text-sm">As the home page will show it.</p>
        {renderPreview(preview)}
      </section>
    </div>
  );
}
