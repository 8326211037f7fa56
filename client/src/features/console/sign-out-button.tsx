import { useState } from "react";
import { Button } from "../../components/ui/button";
import { readableError } from "../../lib/api/errors";
import { apiSend } from "../../lib/api/request";
import { notify } from "../../lib/notify";

/**
 * Ends this session and goes to the sign-in page with a full load, so nothing of the console's
 * data stays in the page's memory.
 */
export function SignOutButton({ everywhere = false }: { everywhere?: boolean }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const contract = await import("@waveform/contracts/console-auth");
      await apiSend(everywhere ? contract.signOutEverywhere : contract.signOut);
      window.location.assign("/admin/sign-in");
    } catch (error) {
      void notify("error", readableError(error));
      setBusy(false);
    }
  };
  return (
    <Button variant={everywhere ? "destructive" : "outline"} size="sm" onClick={onClick} disabled={busy}>
      {everywhere ? "Sign out everywhere" : "Sign out"}
    </Button>
  );
}
