import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, operators, operatorTokens, sessions } from "../db/schema";
import { hashOperatorToken } from "../modules/operators/index";
import { createOperatorSessionStore } from "../stores/operator-session-store";
import { createTestDatabase, type TestDatabase, testEngine } from "../test/test-database";
import { catalogueExport, catalogueImport } from "./admin-commands";
import {
  operatorsAdd,
  operatorsDisable,
  operatorsList,
  operatorsReset,
  parseRole,
} from "./operator-commands";

const PUBLIC_URL = "https://club.example";
const tokenOf = (link: string) => new URL(link).searchParams.get("token") as string;

describe(`operator commands on ${testEngine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  });
  afterAll(() => database.close());

  const auditOf = async (entity: string) =>
    database.db.select().from(auditLog).where(eq(auditLog.entity, entity)).orderBy(auditLog.id);

  it("adds an operator without a password and prints a one-time link to the set-password page", async () => {
    const added = await operatorsAdd(database.db, " Curator@Club.Example ", "admin", PUBLIC_URL);
    expect(added).toMatchObject({ email: "curator@club.example", role: "admin" });
    expect(added.link).toMatch(/^https:\/\/club\.example\/admin\/set-password\?token=[\w-]{43}$/);
    const [row] = await database.db
      .select()
      .from(operatorTokens)
      .where(eq(operatorTokens.tokenHash, hashOperatorToken(tokenOf(added.link))));
    expect(row).toMatchObject({ purpose: "set-password", usedAt: null });
    expect(await operatorsList(database.db)).toContainEqual(
      expect.objectContaining({
        email: "curator@club.example",
        role: "admin",
        status: "no password yet",
        twoStep: "off",
      }),
    );
    const [audit] = await auditOf("operator");
    expect(audit).toMatchObject({
      actorKind: "cli",
      actorLabel: "cli",
      action: "create",
      after: { email: "curator@club.example", role: "admin" },
    });
  });

  it("refuses a second operator with the same email, a bad email and an unknown role", async () => {
    await operatorsAdd(database.db, "twice@club.example", "editor", PUBLIC_URL);
    await expect(operatorsAdd(database.db, "TWICE@club.example", "editor", PUBLIC_URL)).rejects.toThrow(
      /exists already/,
    );
    await expect(operatorsAdd(database.db, "not-an-email", "editor", PUBLIC_URL)).rejects.toThrow(
      /not an email/,
    );
    expect(() => parseRole("owner")).toThrow(/--role must be editor or admin/);
  });

  it("disables an operator and ends their sessions; reset gives a new link and the old one stops", async () => {
    const added = await operatorsAdd(database.db, "leaving@club.example", "editor", PUBLIC_URL);
    const [operator] = await database.db
      .select()
      .from(operators)
      .where(eq(operators.email, "leaving@club.example"));
    if (!operator) throw new Error("no operator");
    const fresh = await operatorsReset(database.db, operator.email, PUBLIC_URL);
    expect(fresh).not.toBe(added.link);
    const tokens = await database.db
      .select()
      .from(operatorTokens)
      .where(eq(operatorTokens.operatorId, operator.id));
    expect(tokens.map((token) => token.tokenHash)).toEqual([hashOperatorToken(tokenOf(fresh))]);

    await createOperatorSessionStore(database.db).create({
      id: operator.id,
      email: operator.email,
      role: "editor",
    });
    await operatorsDisable(database.db, operator.email);
    expect(await database.db.select().from(sessions).where(eq(sessions.operatorId, operator.id))).toEqual([]);
    expect(await operatorsList(database.db)).toContainEqual(
      expect.objectContaining({ email: operator.email, status: "disabled" }),
    );
    await expect(operatorsReset(database.db, operator.email, PUBLIC_URL)).rejects.toThrow(/disabled/);
    await expect(operatorsDisable(database.db, "nobody@club.example")).rejects.toThrow(/No operator/);
    const actions = (await auditOf("operator")).filter((entry) => entry.entityId === String(operator.id));
    expect(actions.map((entry) => entry.action)).toEqual(["create", "reset-link", "disable"]);
  });

  it("reset --remove-two-step turns a lost authenticator off, recorded as the CLI", async () => {
    const email = "lost-phone@club.example";
    await operatorsAdd(database.db, email, "editor", PUBLIC_URL);
    await database.db
      .update(operators)
      .set({ totpSecret: "v1.sealed", totpLastStep: 1 })
      .where(eq(operators.email, email));
    await operatorsReset(database.db, email, PUBLIC_URL);
    const [kept] = await database.db.select().from(operators).where(eq(operators.email, email));
    expect(kept?.totpSecret).toBe("v1.sealed");
    await operatorsReset(database.db, email, PUBLIC_URL, { removeTwoStep: true });
    const [row] = await database.db.select().from(operators).where(eq(operators.email, email));
    expect(row).toMatchObject({ totpSecret: null, totpLastStep: null });
    const actions = (await auditOf("operator")).filter((entry) => entry.entityId === String(row?.id));
    expect(actions.map((entry) => entry.action)).toEqual(["create", "reset-link", "reset-link", "totp-off"]);
  });

  it("records a catalogue import (not a dry run) in the audit log as the CLI, with its counts", async () => {
    const document = await catalogueExport(database.db);
    await catalogueImport(database.db, JSON.stringify(document), { dryRun: true });
    expect(await auditOf("catalogue")).toEqual([]);
    await catalogueImport(database.db, JSON.stringify(document), { dryRun: false });
    const entries = await auditOf("catalogue");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorKind: "cli",
      action: "import",
      after: { genres: 10, playlists: 32 },
    });
  });
});
