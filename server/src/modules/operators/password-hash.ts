import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): about 30-60 ms here, slow
 * enough to make a stolen table expensive to guess, fast enough for a sign-in. The library's
 * default algorithm is argon2id; the hash is a PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`)
 * that carries its own parameters, so raising them later still verifies the old hashes.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // not a hash this library reads: no password matches it
  }
}

/**
 * A hash of nothing anyone can type, verified when the email is unknown (or has no password yet),
 * so such a sign-in takes as long as a wrong password and the timing does not tell them apart.
 */
let dummy: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hash(`no operator ${Math.random()}`, OPTIONS);
  return dummy;
}
