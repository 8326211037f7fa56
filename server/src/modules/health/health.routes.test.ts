import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createTestDatabase } from "../../test/test-database";

describe("GET /api/health", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("reports ok when the database answers", async () => {
    const response = await t.app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", db: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("reports 503 degraded when the database does not answer", async () => {
    const database = await createTestDatabase();
    const broken = await createTestApp({
      database: {
        ...database,
        ping: () => Promise.reject(new Error("connection refused")),
      },
    });
    const response = await broken.app.inject({ url: "/api/health" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "degraded", db: "unreachable" });
    await broken.close();
  });

  it("logs an outage once, not once per check (a load balancer asks every second)", async () => {
    const database = await createTestDatabase();
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    const down = await createTestApp({ database: { ...database, ping: () => Promise.reject(refused) } });
    const errors = vi.spyOn(down.app.log, "error");
    for (let check = 0; check < 3; check++) {
      expect((await down.app.inject({ url: "/api/health" })).statusCode).toBe(503);
    }
    expect(errors).toHaveBeenCalledTimes(1);
    await down.close();
  });
});
