import { randomBytes, scryptSync } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from './passwords.ts';

/** A hash as the scrypt scheme before argon2id wrote it. */
function legacyScrypt(password: string): string {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64url')}$${scryptSync(password, salt, 64).toString('base64url')}`;
}

describe('password hashes', () => {
  it('hashes with argon2id at the OWASP parameters and verifies only the right password', async () => {
    const stored = await hashPassword('Str0ng!pass');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('Str0ng!pass', stored)).toEqual({ ok: true, needsRehash: false });
    expect(await verifyPassword('Str0ng!pasS', stored)).toEqual({ ok: false, needsRehash: false });
  });

  it('verifies an old scrypt hash and asks for an upgrade only when the password was right', async () => {
    const stored = legacyScrypt('Old!Passw0rd');
    expect(await verifyPassword('Old!Passw0rd', stored)).toEqual({ ok: true, needsRehash: true });
    expect(await verifyPassword('wrong', stored)).toEqual({ ok: false, needsRehash: false });
  });

  it('asks to rehash an argon2id hash made with other parameters', async () => {
    const weaker = await hash('Str0ng!pass', { ...ARGON2_OPTIONS, memoryCost: 8192, timeCost: 1 });
    expect(await verifyPassword('Str0ng!pass', weaker)).toEqual({ ok: true, needsRehash: true });
  });

  it('refuses a malformed stored value instead of throwing', async () => {
    expect(await verifyPassword('x', '$argon2id$garbage')).toEqual({ ok: false, needsRehash: false });
    expect(await verifyPassword('x', 'plain')).toEqual({ ok: false, needsRehash: false });
  });
});
