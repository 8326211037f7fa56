import { signRequest } from "@fedify/fedify";

/**
 * POSTs an activity to an inbox signed as Mastodon 4 signs it (draft-cavage HTTP Signatures over
 * the request target, host, date and digest), with the given key: how the recorded payloads and
 * the forged ones are delivered.
 */
export async function postSigned(
  inbox: string | URL,
  activity: unknown,
  signer: { keyId: URL; privateKey: Parameters<typeof signRequest>[1] },
): Promise<Response> {
  const request = new Request(inbox, {
    method: "POST",
    headers: { "content-type": "application/activity+json" },
    body: JSON.stringify(activity),
  });
  const signed = await signRequest(request, signer.privateKey, signer.keyId, {
    spec: "draft-cavage-http-signatures-12",
  });
  return fetch(signed);
}

/** The same POST without any signature. */
export function postUnsigned(inbox: string | URL, activity: unknown): Promise<Response> {
  return fetch(inbox, {
    method: "POST",
    headers: { "content-type": "application/activity+json" },
    body: JSON.stringify(activity),
  });
}
