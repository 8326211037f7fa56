import { OPERATOR_ROLES, OperatorEmailSchema, type OperatorRole } from "@waveform/contracts/console-auth";
import type { Database } from "../db/client";
import { cliActor, recordChange } from "../modules/audit/index";
import {
  createOperatorsRepository,
  issueSetPasswordToken,
  setPasswordLink,
} from "../modules/operators/index";

/**
 * The operator commands as plain functions over a database (tests call them without a process).
 * Every change is recorded in the audit log as the CLI, in the transaction that makes it.
 */

function parseOperatorEmail(value: string): string {
  const parsed = OperatorEmailSchema.safeParse(value);
  if (!parsed.success) throw new Error(`"${value}" is not an email address`);
  return parsed.data;
}

export function parseRole(value: string): OperatorRole {
  if (!(OPERATOR_ROLES as readonly string[]).includes(value)) {
    throw new Error(`--role must be ${OPERATOR_ROLES.join(" or ")}`);
  }
  return value as OperatorRole;
}

/** Adds an operator (no password yet) and gives their one-time set-password link. */
export async function operatorsAdd(db: Database, email: string, role: OperatorRole, publicUrl: string) {
  const address = parseOperatorEmail(email);
  return db.transaction(async (tx) => {
    const operator = await createOperatorsRepository(tx).create(address, role);
    const token = await issueSetPasswordToken(tx, operator.id);
    await recordChange(tx, {
      actor: cliActor,
      entity: "operator",
      entityId: operator.id,
      action: "create",
      after: { email: operator.email, role: operator.role },
    });
    return { email: operator.email, role: operator.role, link: setPasswordLink(publicUrl, token) };
  });
}

export async function operatorsList(db: Database) {
  const rows = await createOperatorsRepository(db).list();
  return rows.map((row) => ({
    email: row.email,
    role: row.role,
    status: row.disabledAt ? "disabled" : row.passwordHash ? "active" : "no password yet",
    twoStep: row.totpSecret ? "on" : "off",
    created: row.createdAt.toISOString(),
  }));
}

async function existing(db: Database, email: string) {
  const operator = await createOperatorsRepository(db).byEmail(parseOperatorEmail(email));
  if (!operator) throw new Error(`No operator has the email ${email}`);
  return operator;
}

/** Disables the operator and ends all their sessions at once (on every server: they are rows). */
export async function operatorsDisable(db: Database, email: string): Promise<void> {
  const operator = await existing(db, email);
  await db.transaction(async (tx) => {
    await createOperatorsRepository(tx).disable(operator.id);
    await recordChange(tx, { actor: cliActor, entity: "operator", entityId: operator.id, action: "disable" });
  });
}

/**
 * A new one-time link (their earlier links stop working). The current password keeps working
 * until the link is used; using it ends every session. `removeTwoStep` also turns their two-step
 * sign-in off (a lost phone).
 */
export async function operatorsReset(
  db: Database,
  email: string,
  publicUrl: string,
  options: { removeTwoStep?: boolean } = {},
): Promise<string> {
  const operator = await existing(db, email);
  if (operator.disabledAt) throw new Error(`${operator.email} is disabled; a link would not work`);
  return db.transaction(async (tx) => {
    const token = await issueSetPasswordToken(tx, operator.id);
    const entry = { actor: cliActor, entity: "operator", entityId: operator.id };
    await recordChange(tx, { ...entry, action: "reset-link" });
    // For an operator who lost their authenticator app: they sign in with the password alone again.
    if (options.removeTwoStep && operator.totpSecret) {
      await createOperatorsRepository(tx).setTotp(operator.id, null, null);
      await recordChange(tx, { ...entry, action: "totp-off" });
    }
    return setPasswordLink(publicUrl, token);
  });
}
