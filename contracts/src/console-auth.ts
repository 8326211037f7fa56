import * as z from "zod/mini";
import { defineEndpoint } from "./endpoint";
import { ErrorSchema } from "./errors";

/**
 * The curator console's accounts: sign-in, sessions, one-time set-password links and the optional
 * TOTP second factor (issue 18, decision 0017). Every endpoint is under `/api/admin/`.
 */
export const OPERATOR_ROLES = ["editor", "admin"] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const MIN_PASSWORD_LENGTH = 12;
/** argon2 hashes any length, but a megabyte "password" is only a way to make the server work. */
export const MAX_PASSWORD_LENGTH = 256;
export const EMAIL_MESSAGE = "Please enter a valid email address";
export const PASSWORD_LENGTH_MESSAGE = `Use at least ${MIN_PASSWORD_LENGTH} characters`;
export const CODE_MESSAGE = "Enter the 6-digit code from your authenticator app";
/** The one answer to a failed sign-in, whatever failed (unknown email, wrong password, disabled). */
export const SIGN_IN_FAILED = "That email and password do not match an active account.";
export const CODE_FAILED = "That code is not valid. Wait for a new one and try again.";

export const OperatorEmailSchema = z.pipe(
  z.string(EMAIL_MESSAGE).check(z.trim(), z.toLowerCase()),
  z.email(EMAIL_MESSAGE).check(z.maxLength(254, EMAIL_MESSAGE)),
);
/** The length rule only; the common-password check is the server's (its list is not sent to browsers). */
export const NewPasswordSchema = z
  .string(PASSWORD_LENGTH_MESSAGE)
  .check(
    z.minLength(MIN_PASSWORD_LENGTH, PASSWORD_LENGTH_MESSAGE),
    z.maxLength(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters`),
  );
export const TotpCodeSchema = z.string(CODE_MESSAGE).check(z.trim(), z.regex(/^\d{6}$/, CODE_MESSAGE));

export const OperatorSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  totpEnabled: z.boolean(),
});
export type Operator = z.infer<typeof OperatorSchema>;

export const SignInSchema = z.object({
  email: OperatorEmailSchema,
  password: z
    .string("Enter your password")
    .check(z.minLength(1, "Enter your password"), z.maxLength(MAX_PASSWORD_LENGTH)),
  /** Only when the first answer said `codeRequired`. */
  code: z.optional(TotpCodeSchema),
});
export type SignInInput = z.input<typeof SignInSchema>;

/** 401 with `codeRequired`: the password was right and the account has a second factor. */
export const SignInRefusedSchema = z.object({ error: z.string(), codeRequired: z.optional(z.boolean()) });

export const signIn = defineEndpoint({
  method: "POST",
  path: "/api/admin/sign-in",
  body: SignInSchema,
  responses: { 200: OperatorSchema, 401: SignInRefusedSchema, 429: ErrorSchema },
});

/** The signed-in operator; 401 without a session. */
export const getConsoleMe = defineEndpoint({
  method: "GET",
  path: "/api/admin/me",
  responses: { 200: OperatorSchema },
});

export const signOut = defineEndpoint({
  method: "POST",
  path: "/api/admin/sign-out",
  responses: { 204: z.null() },
});

/** Ends every session of the operator, this one included, on every server. */
export const signOutEverywhere = defineEndpoint({
  method: "POST",
  path: "/api/admin/sign-out-everywhere",
  responses: { 204: z.null() },
});

export const SetPasswordSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(100)),
  password: NewPasswordSchema,
});
export type SetPasswordInput = z.input<typeof SetPasswordSchema>;

/** Sets the password from a one-time link (single use, 1 hour); the operator then signs in. */
export const setPassword = defineEndpoint({
  method: "POST",
  path: "/api/admin/set-password",
  body: SetPasswordSchema,
  responses: { 200: z.object({ email: z.string() }), 400: ErrorSchema },
});

export const TotpEnrolmentSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** otpauth:// URI, for an app on the same device (or a QR code). */
  uri: z.string(),
  /** Sealed by the server (the secret, the operator, an expiry): sent back with the first code. */
  enrolment: z.string(),
});

export const startTotpEnrolment = defineEndpoint({
  method: "POST",
  path: "/api/admin/totp/enrol",
  responses: { 200: TotpEnrolmentSchema },
});

export const confirmTotpEnrolment = defineEndpoint({
  method: "POST",
  path: "/api/admin/totp/confirm",
  body: z.object({ enrolment: z.string().check(z.minLength(1), z.maxLength(2000)), code: TotpCodeSchema }),
  responses: { 200: OperatorSchema, 400: ErrorSchema },
});

/** Turning the second factor off asks for a current code, so a left-open session cannot. */
export const removeTotp = defineEndpoint({
  method: "POST",
  path: "/api/admin/totp/remove",
  body: z.object({ code: TotpCodeSchema }),
  responses: { 200: OperatorSchema, 400: ErrorSchema },
});

/**
 * Where to go after signing in: the page that sent the operator to sign in, only when it is a
 * console page of this site (`/admin` or below, no scheme, host, `//` or backslash): never an
 * open redirect. Anything else gives the console's home.
 */
export function safeConsoleReturnTo(value: string | null | undefined): string {
  if (!value || value.length > 500) return "/admin";
  return /^\/admin(?:[/?#][^\s\\]*)?$/.test(value) && !value.includes("//") && !value.includes("..")
    ? value
    : "/admin";
}
