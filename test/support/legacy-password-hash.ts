import { randomBytes, scrypt } from "node:crypto";

/** A password hash in the format Pagewise stored before argon2id (scrypt N=2^15, r=8, p=1). */
export function legacyScryptHash(password: string): Promise<string> {
  const N = 2 ** 15;
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, 32, { N, r: 8, p: 1, maxmem: 128 * N * 8 * 2 }, (error, key) =>
      error ? reject(error) : resolve(`scrypt$${N}$8$1$${salt.toString("base64")}$${key.toString("base64")}`),
    ),
  );
}
