import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { errorsPlugin, HttpError } from "./errors";

describe("errors plugin", () => {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    app.post(
      "/echo",
      { schema: { body: z.object({ email: z.email("Please enter a valid email address"), n: z.int() }) } },
      async (request) => request.body,
    );
    app.get("/boom", async () => {
      throw new Error("password=hunter2 at db.internal:5432");
    });
    app.get("/conflict", async () => {
      throw new HttpError(409, "That playlist already exists");
    });
    app.get(
      "/bad-output",
      { schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
      async () => ({ ok: "yes" }) as never,
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it("turns validation failures into 400 with field issues", async () => {
    const response = await app.inject({ method: "POST", url: "/echo", payload: { email: "x", n: 1.5 } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe("Invalid request");
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: "email", message: "Please enter a valid email address" },
        expect.objectContaining({ path: "n" }),
      ]),
    );
  });

  it("answers malformed JSON with a 400 in the same shape", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/echo",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it("hides the internals of a 500", async () => {
    const response = await app.inject({ url: "/boom" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "Internal server error" });
    expect(response.body).not.toContain("hunter2");
  });

  it("passes an HttpError's message and status through", async () => {
    const response = await app.inject({ url: "/conflict" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: "That playlist already exists" });
  });

  it("treats an answer that breaks its own contract as a 500", async () => {
    const response = await app.inject({ url: "/bad-output" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "Internal server error" });
  });
});
