import { useMutation } from "@tanstack/react-query";
import type { Operator } from "@waveform/contracts/console-auth";
import { useState } from "react";
import { Button } from "../../components/ui/button";
import { readableError } from "../../lib/api/errors";
import { confirmTotp, startTotp, turnOffTotp } from "./account.queries";
import { TotpCodeForm } from "./totp-code-form";

/** The secret in groups of four, as authenticator apps show it, easier to type by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * Two-step sign-in (TOTP): off → set up (the secret as text and as an otpauth link for an app on
 * this device) → confirm with a first code → on; on → off with a current code.
 */
export function TwoStepSection({ operator }: { operator: Operator }) {
  const [status, setStatus] = useState("");
  const enrolling = useMutation({ mutationFn: startTotp, onMutate: () => setStatus("") });
  const enrolment = enrolling.data;

  return (
    <section aria-labelledby="two-step-heading" className="space-y-3">
      <h2 id="two-step-heading" className="font-semibold text-xl">
        Two-step sign-in
      </h2>
      {operator.totpEnabled ? (
        <>
          <p>On: signing in asks for a code from your authenticator app.</p>
          <TotpCodeForm
            id="totp-off-code"
            submitLabel="Turn off two-step sign-in"
            destructive
            send={(code) => turnOffTotp({ code })}
            onDone={() => {
              enrolling.reset();
              setStatus("Two-step sign-in is off.");
            }}
          />
        </>
      ) : enrolment ? (
        <div className="space-y-4">
          <ol className="list-decimal space-y-2 pl-5">
            <li>
              In your authenticator app, add an account with this key:{" "}
              <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono">
                {grouped(enrolment.secret)}
              </code>{" "}
              (time-based, 6 digits), or{" "}
              <a className="text-primary underline underline-offset-4" href={enrolment.uri}>
                open it in an authenticator app on this device
              </a>
              .
            </li>
            <li>Enter the code the app shows to finish.</li>
          </ol>
          <TotpCodeForm
            id="totp-on-code"
            submitLabel="Turn on"
            send={(code) => confirmTotp({ enrolment: enrolment.enrolment, code })}
            onDone={() => setStatus("Two-step sign-in is on. Signing in will ask for a code.")}
          />
        </div>
      ) : (
        <>
          <p>Off. With it on, signing in also asks for a code from an authenticator app on your phone.</p>
          {enrolling.isError && (
            <p role="alert" className="text-destructive dark:text-red-400">
              {readableError(enrolling.error)}
            </p>
          )}
          <Button onClick={() => enrolling.mutate()} disabled={enrolling.isPending}>
            Set up two-step sign-in
          </Button>
        </>
      )}
      {/* Always there, so screen readers announce what a change did. */}
      <p role="status" className="font-medium text-sm empty:hidden">
        {status}
      </p>
    </section>
  );
}
