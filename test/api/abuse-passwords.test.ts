import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dummyHash, hashPassword, OWASP_SCRYPT, verifyPassword } from '../../server/auth/passwords.js';
import type { StoredDoc } from '../../server/store/docstore.js';
import { api, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

const PASSWORD = 'correct horse battery';

interface Account extends StoredDoc {
  id: string;
  passwordHash: string;
}

let server: TestServer;
let anon: Api;
beforeAll(async () => {
  // The production cost: no test-only cheaper scrypt here.
  server = await startTestServer({ config: { testOnlyPasswordCost: undefined } });
  anon = api(server.url);
});
afterAll(() => server.close());

async function storedAccount(email: string): Promise<Account> {
  const claim = await server.deps.store.registry.get<StoredDoc & { accountId: string }>(`email:${email.toLowerCase()}`);
  return (await server.deps.store.registry.get<Account>(`account:${claim!.accountId}`))!;
}

const params = (hash: string) => hash.split('$').slice(0, 4).join('$');

describe('password hashes', () => {
  it('are scrypt at the OWASP minimum, N=2^17, r=8, p=1, with the parameters in the stored hash', async () => {
    expect(OWASP_SCRYPT).toEqual({ N: 131072, r: 8, p: 1 });
    const email = `owasp.${process.pid}@example.com`;
    expect((await anon.post('/auth/register', { email, password: PASSWORD, name: 'Owasp' })).status).toBe(201);
    const { passwordHash } = await storedAccount(email);
    expect(params(passwordHash)).toBe('scrypt$131072$8$1');
    expect(passwordHash).not.toContain(PASSWORD);
    expect((await anon.post('/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('upgrades an account hashed with the old parameters at its next successful login, and it still logs in', async () => {
    const email = `legacy.${process.pid}@example.com`;
    expect((await anon.post('/auth/register', { email, password: PASSWORD, name: 'Legacy' })).status).toBe(201);
    // The account as the previous release stored it: scrypt N=2^15, r=8, p=1 in the same format.
    const legacy = await storedAccount(email);
    const oldHash = await hashPassword(PASSWORD, { N: 1 << 15, r: 8, p: 1 });
    await server.deps.store.registry.put({ ...legacy, passwordHash: oldHash });
    expect(params((await storedAccount(email)).passwordHash)).toBe('scrypt$32768$8$1');

    // A wrong password does not upgrade anything.
    expect((await anon.post('/auth/login', { email, password: 'not the password' })).status).toBe(401);
    expect((await storedAccount(email)).passwordHash).toBe(oldHash);

    const first = await anon.post('/auth/login', { email, password: PASSWORD });
    expect(first.status).toBe(200);
    const upgraded = await storedAccount(email);
    expect(params(upgraded.passwordHash)).toBe('scrypt$131072$8$1');
    expect(await verifyPassword(PASSWORD, upgraded.passwordHash)).toBe(true);

    // Still logs in, and an up-to-date hash is not written again.
    expect((await anon.post('/auth/login', { email, password: PASSWORD })).status).toBe(200);
    expect((await storedAccount(email))._rev).toBe(upgraded._rev);
    expect((await anon.post('/auth/login', { email, password: 'not the password' })).status).toBe(401);
  });

  it('verifies an unknown email against a dummy hash of the same cost as a real one', async () => {
    expect(params(await dummyHash())).toBe('scrypt$131072$8$1');
    expect((await anon.post('/auth/login', { email: `nobody.${process.pid}@example.com`, password: PASSWORD })).status).toBe(401);
  });

  it('never matches a malformed stored hash, nor runs one whose parameters would exhaust memory', async () => {
    const good = await hashPassword(PASSWORD, { N: 1 << 10, r: 8, p: 1 });
    expect(await verifyPassword(PASSWORD, good)).toBe(true);
    const [, , , , salt, hash] = good.split('$');
    for (const bad of [
      '',
      'plain',
      `bcrypt$1024$8$1$${salt}$${hash}`,
      `scrypt$1000$8$1$${salt}$${hash}`, // N not a power of two
      `scrypt$${2 ** 30}$8$1$${salt}$${hash}`, // 1 TiB of memory
      `scrypt$1024$8$1$${salt}$`,
      `scrypt$1024$8$1$${salt}$${hash}$extra`,
      `scrypt$1024$8.5$1$${salt}$${hash}`,
    ]) {
      expect(await verifyPassword(PASSWORD, bad), bad).toBe(false);
    }
  });
});
