import { describe, expect, it } from 'vitest';
import { configFromEnv, DEFAULT_RATE_LIMITS } from '../../server/config.js';

/** The environment a deployment sets, read once at start: a mistake stops the start with the variable named. */
describe('configuration from the environment', () => {
  it('defaults to a laptop run: no public base URL, no proxy trusted, mail to the outbox, limits on', () => {
    const c = configFromEnv({});
    expect(c.publicBaseUrl).toBeUndefined();
    expect(c.trustProxy).toBe(false);
    expect(c.mail.smtpUrl).toBeUndefined();
    expect(c.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(c.shutdownGraceMs).toBe(10_000);
    expect(c.logLevel).toBe('info');
    expect(c.admission).toEqual({ readConcurrency: 8, readQueueLimit: 2_000 });
    expect(c.longpollGatherMs).toBe(100);
  });

  it('reads what a deployment sets', () => {
    const c = configFromEnv({
      PUBLIC_BASE_URL: 'https://golf.example.com/',
      TRUST_PROXY: 'true',
      SMTP_URL: 'smtp://mail:2525',
      MAIL_FROM: 'Trips <trips@example.com>',
      RATE_LIMIT_LOGIN: '5/60',
      RATE_LIMITS: 'off',
      SHUTDOWN_GRACE_MS: '2500',
      LOG_LEVEL: 'warn',
      READ_CONCURRENCY: '4',
      READ_QUEUE_LIMIT: '50',
      LONGPOLL_GATHER_MS: '0',
    });
    expect(c.publicBaseUrl).toBe('https://golf.example.com');
    expect(c.trustProxy).toBe(true);
    expect(c.mail).toEqual({ smtpUrl: 'smtp://mail:2525', from: 'Trips <trips@example.com>' });
    expect(c.rateLimits.login).toEqual({ points: 5, durationSeconds: 60 });
    expect(c.rateLimits.enabled).toBe(false);
    expect(c.shutdownGraceMs).toBe(2500);
    expect(c.logLevel).toBe('warn');
    expect(c.admission).toEqual({ readConcurrency: 4, readQueueLimit: 50 });
    expect(c.longpollGatherMs).toBe(0);
  });

  it.each([
    ['LOG_LEVEL', 'verbose'],
    ['TRUST_PROXY', 'maybe'],
    ['RATE_LIMIT_LOGIN', '10 per minute'],
    ['RATE_LIMIT_PORTAL_VALIDATE', '0/60'],
    ['SHUTDOWN_GRACE_MS', '-1'],
    ['PORT', 'eighty'],
    ['READ_CONCURRENCY', '0'],
    ['READ_QUEUE_LIMIT', 'lots'],
    ['LONGPOLL_GATHER_MS', '-5'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => configFromEnv({ [name]: value })).toThrow(name);
  });
});
