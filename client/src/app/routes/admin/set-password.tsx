import { useSearchParams } from "react-router";
import { AuthCard } from "../../../features/console/auth-card";
import { SetPasswordForm } from "../../../features/console/set-password-form";

export function Component() {
  const token = useSearchParams()[0].get("token");
  return (
    <AuthCard title="Set your password" lead="Choose the password you will sign in to the console with.">
      {token ? (
        <SetPasswordForm token={token} />
      ) : (
        <p role="alert">
          This address has no link code. Open the whole link you were given, or ask an administrator for a new
          one.
        </p>
      )}
    </AuthCard>
  );
}
