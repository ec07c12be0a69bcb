import { describe, expect, it } from 'vitest';
import { DEFAULT_AUDIENCE, DEFAULT_RATE_LIMITS, type Config } from '../../server/config.js';
import { loadKeys } from '../../server/auth/keys.js';
import { AppError } from '../../server/http/errors.js';

// Verified tokens are remembered (issue 16, Load); what a remembered token may still not do is checked here with a
// clock the test moves.
function config(): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    trustProxy: false,
    trustProxyHops: 1,
    shutdownGraceMs: 0,
    mail: { from: 'x <x@test.invalid>' },
    rateLimits: DEFAULT_RATE_LIMITS,
    auth: { jwtSecret: 'test-secret-that-is-long-enough-0123456789', audience: DEFAULT_AUDIENCE, tokenTtlSeconds: 60, portalSessionTtlSeconds: 60 },
    signedUrlTtlSeconds: 900,
    logLevel: 'silent',
  } as Config;
}

async function codeOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
}

describe('verified-token memory', () => {
  it('a dashboard token verified before is refused as expired once its time is up', async () => {
    let now = Date.parse('2026-06-01T10:00:00Z');
    const keys = await loadKeys(config(), () => new Date(now));
    const { token } = await keys.signDashboard({ sub: 'acct-1' });
    expect((await keys.verifyDashboard(token)).sub).toBe('acct-1');
    expect((await keys.verifyDashboard(token)).sub).toBe('acct-1');
    now += 59_000;
    expect((await keys.verifyDashboard(token)).sub).toBe('acct-1');
    now += 1_000;
    expect(await codeOf(keys.verifyDashboard(token))).toBe('token_expired');
  });

  it('a portal session verified before is refused as expired once its time is up, and is never a dashboard token', async () => {
    let now = Date.parse('2026-06-01T10:00:00Z');
    const keys = await loadKeys(config(), () => new Date(now));
    const { token } = await keys.signPortal({ sub: 'portal:s1', jti: 's1', trips: [{ tripId: 't', playerId: 'p', tokenId: 'k' }] }, 30);
    expect((await keys.verifyPortal(token)).jti).toBe('s1');
    expect(await codeOf(keys.verifyDashboard(token))).toBe('token_invalid');
    now += 30_000;
    expect(await codeOf(keys.verifyPortal(token))).toBe('token_expired');
  });

  it('a token with a changed signature or payload is refused after the genuine one was verified', async () => {
    const keys = await loadKeys(config());
    const { token } = await keys.signPortal({ sub: 'portal:s2', jti: 's2', trips: [] }, 60);
    await keys.verifyPortal(token);
    const [h, p, s] = token.split('.') as [string, string, string];
    const otherSig = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await codeOf(keys.verifyPortal(otherSig))).toBe('token_invalid');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
    const otherPayload = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: 'portal:someone-else' })).toString('base64url')}.${s}`;
    expect(await codeOf(keys.verifyPortal(otherPayload))).toBe('token_invalid');
  });

  it('each caller gets its own copy of the claims', async () => {
    const keys = await loadKeys(config());
    const { token } = await keys.signPortal({ sub: 'portal:s3', jti: 's3', trips: [{ tripId: 't', playerId: 'p', tokenId: 'k' }] }, 60);
    const first = await keys.verifyPortal(token);
    (first.trips as unknown[]).push({ tripId: 'other', playerId: 'x', tokenId: 'y' });
    first.sub = 'changed';
    const second = await keys.verifyPortal(token);
    expect(second.sub).toBe('portal:s3');
    expect(second.trips).toEqual([{ tripId: 't', playerId: 'p', tokenId: 'k' }]);
    (second.trips as unknown[]).length = 0;
    expect((await keys.verifyPortal(token)).trips).toHaveLength(1);
  });
});
