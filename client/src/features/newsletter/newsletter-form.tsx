import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import {
  CONSENT_LABEL,
  type NewsletterSubscribeInput,
  NewsletterSubscribeSchema,
  subscribeToNewsletter,
} from "@waveform/contracts/newsletter";
import { Mail } from "lucide-react";
import { useForm } from "react-hook-form";
import { useLocation } from "react-router";
import { FallbackImage } from "../../components/media/fallback-image";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { apiSend } from "../../lib/api-client";
import { notify } from "../../lib/notify";
import { useSiteImage } from "../../lib/site-images";

/** SPEC §2/§5: the home page's newsletter signup, validated by the same schema as the server. */
export function NewsletterSignup() {
  const { pathname } = useLocation();
  const background = useSiteImage("newsletter-background", "/fallback/wide.svg");
  const form = useForm<NewsletterSubscribeInput>({
    resolver: zodResolver(NewsletterSubscribeSchema),
    defaultValues: { email: "", agreeToTerms: false },
  });
  const { errors } = form.formState;
  const subscription = useMutation({
    mutationFn: (input: NewsletterSubscribeInput) =>
      apiSend(subscribeToNewsletter, { body: { ...input, sourcePage: pathname } }),
    onSuccess: () => {
      form.reset();
      void notify("success", "Subscription successful!", {
        description: "You've been added to our newsletter.",
      });
    },
    onError: (error) => {
      // SPEC §8 words this toast as "the error message": `<status>: <response text>`, as sent.
      void notify("error", "Subscription failed", { description: error.message });
    },
  });

  return (
    <section aria-labelledby="newsletter-heading" className="relative overflow-hidden rounded-3xl border">
      {background && (
        <FallbackImage
          src={background}
          fallback="/fallback/wide.svg"
          alt=""
          width={1600}
          height={900}
          className="absolute inset-0 size-full object-cover"
        />
      )}
      <div className="relative bg-background/85 p-6 sm:p-10">
        <div className="max-w-xl">
          <Mail className="size-8 text-primary" aria-hidden="true" />
          <h2 id="newsletter-heading" className="mt-3 font-bold text-3xl tracking-tight">
            Get the Newsletter
          </h2>
          <p className="mt-2 text-muted-foreground">
            New playlists, release picks and podcast episodes in your inbox every Friday.
          </p>
          <form
            noValidate
            className="mt-6 space-y-4"
            onSubmit={form.handleSubmit((values) => subscription.mutate(values))}
          >
            <div className="space-y-1.5">
              <label htmlFor="newsletter-email" className="font-medium text-sm">
                Email address
              </label>
              <Input
                id="newsletter-email"
                type="email"
                autoComplete="email"
                required
                placeholder="you@example.com"
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={errors.email ? "newsletter-email-error" : undefined}
                {...form.register("email")}
              />
              {errors.email && (
                <p id="newsletter-email-error" className="text-destructive text-sm dark:text-red-400">
                  {errors.email.message}
                </p>
              )}
            </div>
            <div className="space-y-1.5">
              <div className="flex items-start gap-2">
                <input
                  id="newsletter-consent"
                  type="checkbox"
                  className="mt-0.5 size-4 accent-[var(--primary)]"
                  aria-invalid={errors.agreeToTerms ? true : undefined}
                  aria-describedby={errors.agreeToTerms ? "newsletter-consent-error" : undefined}
                  {...form.register("agreeToTerms")}
                />
                <label htmlFor="newsletter-consent" className="text-sm">
                  {CONSENT_LABEL}
                </label>
              </div>
              {errors.agreeToTerms && (
                <p id="newsletter-consent-error" className="text-destructive text-sm dark:text-red-400">
                  {errors.agreeToTerms.message}
                </p>
              )}
            </div>
            <Button type="submit" disabled={subscription.isPending}>
              {subscription.isPending ? "Subscribing..." : "Subscribe"}
            </Button>
          </form>
        </div>
      </div>
    </section>
  );
}
