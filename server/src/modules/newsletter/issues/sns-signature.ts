import { createVerify, X509Certificate } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Amazon SNS message signatures (what SES bounce and complaint notifications arrive in): the
 * signing certificate must come from https://sns.<region>.amazonaws.com/… and be in the trust store
 * (a folder of PEM files named as the URL's last segment: never fetched, so no network is needed
 * and nobody can point us at their own certificate); the signature over the canonical string must
 * verify with it, SHA1withRSA for SignatureVersion 1 and SHA256withRSA for 2.
 */
export interface SnsMessage {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
}

const NOTIFICATION_FIELDS = ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"] as const;
const SUBSCRIPTION_FIELDS = [
  "Message",
  "MessageId",
  "SubscribeURL",
  "Timestamp",
  "Token",
  "TopicArn",
  "Type",
] as const;
export const SNS_CERT_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;
const CERT_FILE = /^[A-Za-z0-9._-]+\.pem$/;

export class SnsSignatureError extends Error {}

/** The string SNS signs: each present field's name and value, one per line, in this order. */
export function snsStringToSign(message: SnsMessage): string {
  const fields = message.Type === "Notification" ? NOTIFICATION_FIELDS : SUBSCRIPTION_FIELDS;
  let text = "";
  for (const field of fields) {
    const value = message[field];
    if (value !== undefined) text += `${field}\n${value}\n`;
  }
  return text;
}

/** The trust store's file for a SigningCertURL, or a refusal (wrong scheme or host, odd name). */
function certFileFor(signingCertUrl: string): string {
  let url: URL;
  try {
    url = new URL(signingCertUrl);
  } catch {
    throw new SnsSignatureError("SigningCertURL is not an address");
  }
  if (url.protocol !== "https:" || !SNS_CERT_HOST.test(url.hostname) || url.port !== "")
    throw new SnsSignatureError(
      `SigningCertURL must be https://sns.<region>.amazonaws.com/…, not ${url.host}`,
    );
  const name = url.pathname.split("/").pop() ?? "";
  if (!CERT_FILE.test(name)) throw new SnsSignatureError("SigningCertURL does not name a .pem file");
  return name;
}

export async function verifySnsMessage(
  message: SnsMessage,
  certDir: string,
  now = new Date(),
): Promise<void> {
  const algorithm =
    message.SignatureVersion === "1" ? "RSA-SHA1" : message.SignatureVersion === "2" ? "RSA-SHA256" : null;
  if (!algorithm) throw new SnsSignatureError(`unknown SignatureVersion ${message.SignatureVersion}`);
  const file = certFileFor(message.SigningCertURL);
  let pem: string;
  try {
    pem = await readFile(join(certDir, file), "utf8");
  } catch {
    throw new SnsSignatureError(`the signing certificate ${file} is not in the trust store`);
  }
  const certificate = new X509Certificate(pem);
  if (now < new Date(certificate.validFrom) || now > new Date(certificate.validTo))
    throw new SnsSignatureError("the signing certificate has expired or is not valid yet");
  const verifier = createVerify(algorithm);
  verifier.update(snsStringToSign(message), "utf8");
  if (!verifier.verify(certificate.publicKey, message.Signature, "base64"))
    throw new SnsSignatureError("the signature does not match");
}
