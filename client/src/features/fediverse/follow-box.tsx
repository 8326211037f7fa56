import type { FediverseAccount } from "@waveform/contracts/fediverse";
import {
  INSTANCE_MESSAGE,
  instanceHost,
  REMOTE_FOLLOW_PATH,
  remoteFollowUrl,
} from "@waveform/contracts/fediverse-follow";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button";
import { FormError } from "../../components/ui/form-error";
import { fieldControlProps } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { cn } from "../../lib/cn";
import { CopyTextButton } from "./copy-text-button";

/**
 * 'Follow on the fediverse': the account's handle to copy (and search for on any instance), and
 * the remote-follow form: the visitor's instance, then its page for following the account. The
 * form goes there from the browser; a browser that runs no script sends it to the server's
 * remote-follow page instead (REMOTE_FOLLOW_PATH), which leads to the same place. A plain form,
 * not react-hook-form: it writes nothing here, and it is in every page's footer.
 */
export function FollowBox({
  id,
  account,
  show,
  who,
  heading: Heading = "h2",
  className,
}: {
  /** The box's element id (its parts' ids start with it). */
  id: string;
  account: FediverseAccount;
  /** The show's slug, for a show's account (the club's otherwise). */
  show?: string;
  /** Who is followed, as the sentence says it: "the club", a show's title. */
  who: string;
  heading?: "h2" | "h3";
  className?: string;
}) {
  const [error, setError] = useState<string | undefined>();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem("instance") as HTMLInputElement;
    const host = instanceHost(field.value);
    if (!host) {
      setError(`${INSTANCE_MESSAGE}.`);
      field.focus();
      return;
    }
    setError(undefined);
    window.location.assign(remoteFollowUrl(host, account.handle));
  };
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={cn("space-y-3", className)}>
      <Heading id={`${id}-heading`} className="font-semibold text-sm">
        Follow on the fediverse
      </Heading>
      <p className="text-muted-foreground text-sm">
        Follow {who} from Mastodon or any other fediverse app: search for its handle there, or enter your
        instance.
      </p>
      <p className="flex flex-wrap items-center gap-2">
        <span className="break-all rounded bg-muted px-2 py-1 font-mono text-sm">{account.handle}</span>
        <CopyTextButton text={account.handle} label={`Copy ${account.handle}`} />
      </p>
      <form method="get" action={REMOTE_FOLLOW_PATH} onSubmit={onSubmit} noValidate className="space-y-1.5">
        {show !== undefined && <input type="hidden" name="show" value={show} />}
        <label htmlFor={`${id}-instance`} className="font-medium text-sm">
          Your instance
        </label>
        <div className="flex gap-2">
          <Input
            {...fieldControlProps(`${id}-instance`, error)}
            name="instance"
            placeholder="mastodon.social"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            inputMode="url"
            className="min-w-0 flex-1"
          />
          <Button type="submit" variant="outline">
            Follow
          </Button>
        </div>
        <FormError id={`${id}-instance-error`}>{error}</FormError>
      </form>
    </section>
  );
}
