import { AuthCard } from "../../../features/console/auth-card";
import { SignInForm } from "../../../features/console/sign-in-form";

export function Component() {
  return (
    <AuthCard
      title="Sign in"
      lead="The console is for the people who run the club. Sign in with your operator account."
    >
      <SignInForm />
    </AuthCard>
  );
}
