import { randomBytes } from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/** argon2id at OWASP's recommended minimum: 19 MiB of memory, 2 passes, 1 lane. */
const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id; the enum is a const enum that isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the account does not exist makes a wrong email cost as much time as
// a wrong password, so response times do not reveal which emails have accounts.
let decoyHash: Promise<string> | undefined;
export async function spendVerificationTime(password: string): Promise<void> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await decoyHash, password);
}

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A readable random password (no 0/O, 1/l/I), about 95 bits for the default length. */
export function generatePassword(length = 16): string {
  const bytes = randomBytes(length);
  let password = '';
  for (const byte of bytes) password += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
  return password;
}
