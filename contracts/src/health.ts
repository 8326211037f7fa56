import * as z from "zod/mini";
import { defineEndpoint } from "./endpoint";

const HealthSchema = z.object({
  // "draining": the server is shutting down and asks its load balancer to send nothing more.
  status: z.enum(["ok", "degraded", "draining"]),
  db: z.enum(["ok", "unreachable"]),
});

export const getHealth = defineEndpoint({
  method: "GET",
  path: "/api/health",
  responses: { 200: HealthSchema, 503: HealthSchema },
});
