import type { Endpoint } from "@waveform/contracts/endpoint";

type RouteSchema<E extends Endpoint> = {
  params: E["params"];
  querystring: E["querystring"];
  body: E["body"];
  response: E["responses"];
};

/**
 * The Fastify route fields for a contract endpoint, so a route declares method, URL and schemas
 * from the contract alone: `app.route({ ...fromEndpoint(listGenres), handler })`. Parts the
 * endpoint does not declare are left out (Fastify warns about undefined schemas).
 */
export function fromEndpoint<const E extends Endpoint>(endpoint: E) {
  const schema: Record<string, unknown> = { response: endpoint.responses };
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.querystring) schema.querystring = endpoint.querystring;
  if (endpoint.body) schema.body = endpoint.body;
  return { method: endpoint.method, url: endpoint.path, schema: schema as RouteSchema<E> };
}
