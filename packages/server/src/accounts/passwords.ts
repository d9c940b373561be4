import { scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** Algorithm.Argon2id: the package's enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as Algorithm;

/**
 * argon2id at OWASP's first recommended setting (Password Storage Cheat Sheet: m=19 MiB, t=2, p=1). The PHC string
 * (`$argon2id$v=19$m=19456,t=2,p=1$...`) carries its parameters, so raising them later rehashes at next sign-in.
 */
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export async function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export interface PasswordCheck {
  ok: boolean;
  /** The stored hash is of an older scheme or weaker parameters: store hashPassword(password) now that it is known. */
  needsRehash: boolean;
}

const currentPrefix = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

export async function verifyPassword(password: string, stored: string): Promise<PasswordCheck> {
  if (stored.startsWith('$argon2')) {
    const ok = await verify(stored, password).catch(() => false);
    return { ok, needsRehash: ok && !stored.startsWith(currentPrefix) };
  }
  const ok = await verifyScrypt(password, stored);
  return { ok, needsRehash: ok };
}

/** Hashes written before argon2id: `scrypt$salt$hash` (base64url), N=16384, r=8, p=1. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, salt, expectedHash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !expectedHash) return false;
  const expected = Buffer.from(expectedHash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length);
  return timingSafeEqual(actual, expected);
}
