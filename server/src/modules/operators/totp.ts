import { generateSecret, generateURI, verify } from "otplib";
import { createSecretBox, deriveKey, SecretBoxError } from "../../lib/secret-box";

/** An enrolment must be confirmed with a code within this time. */
const ENROLMENT_MS = 10 * 60 * 1000;

/**
 * The second factor's secrets, sealed at rest (AES-256-GCM, decision 0015's secret box) with a key
 * derived from SESSION_SECRET for this purpose only: a copy of the database alone gives no codes.
 */
export function createTotp(sessionSecret: string, issuer: string) {
  const secrets = createSecretBox(deriveKey(sessionSecret, "operator-totp-secret"));
  const enrolments = createSecretBox(deriveKey(sessionSecret, "operator-totp-enrolment"));

  return {
    /**
     * A new secret for the operator, and the sealed enrolment the browser sends back with the first
     * code: nothing is stored until that code proves the app has the secret.
     */
    enrol(operator: { id: number; email: string }) {
      const secret = generateSecret();
      const uri = generateURI({ issuer, label: operator.email, secret });
      const enrolment = enrolments.seal(
        JSON.stringify({ o: operator.id, s: secret, e: Date.now() + ENROLMENT_MS }),
      );
      return { secret, uri, enrolment };
    },

    /** The secret of an enrolment made for this operator and not expired, or null. */
    openEnrolment(enrolment: string, operatorId: number): string | null {
      try {
        const { o, s, e } = JSON.parse(enrolments.open(enrolment)) as { o: number; s: string; e: number };
        return o === operatorId && e > Date.now() && typeof s === "string" ? s : null;
      } catch (error) {
        if (error instanceof SecretBoxError || error instanceof SyntaxError) return null;
        throw error;
      }
    },

    seal: (secret: string) => secrets.seal(secret),
    open: (sealed: string) => secrets.open(sealed),

    /**
     * The time step of a valid code, or null. One step of clock drift either way is accepted; a
     * code of a step at or before `lastStep` (one already used) is refused, so a code seen over a
     * shoulder or in a log cannot be used again within its window.
     */
    async check(
      secret: string,
      code: string,
      lastStep: number | null,
      epoch?: number,
    ): Promise<number | null> {
      const result = await verify({
        secret,
        token: code,
        epochTolerance: 30,
        ...(lastStep !== null && { afterTimeStep: lastStep }),
        ...(epoch !== undefined && { epoch }),
      });
      // A TOTP answer carries the step it matched (HOTP answers, the other half of the type, do not).
      return result.valid && "timeStep" in result ? result.timeStep : null;
    },
  };
}

export type Totp = ReturnType<typeof createTotp>;
