/** A set-password link, shown once as text to pass on (it is never shown again). */
export function OneTimeLink({ email, link, minutes }: { email: string; link: string; minutes: number }) {
  return (
    <div className="space-y-2 rounded-lg border border-primary/50 bg-primary/5 p-4">
      <p className="font-medium">
        Send this link to {email}. It works once, for {minutes} minutes, and is not shown again:
      </p>
      <p className="break-all rounded bg-muted p-2 font-mono text-sm">{link}</p>
    </div>
  );
}
