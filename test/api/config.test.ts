import { describe, expect, it } from 'vitest';
import { getHeapStatistics } from 'node:v8';
import { configFromEnv, DEFAULT_RATE_LIMITS, DEFAULT_TRIP_COPIES_MB, defaultTripCopiesMb } from '../../server/config.js';

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

  it("sizes the trip copies' default budget by the heap the process may grow to", () => {
    const MB = 1024 * 1024;
    // An eighth of the heap (npm start's 448 MB of old space is about 496 MB with the young generation)...
    expect(defaultTripCopiesMb(496 * MB)).toBe(62);
    // ...at most the old fixed default where Node's own limit (up to 4 GB) applies, and never below 8 MB.
    expect(defaultTripCopiesMb(4144 * MB)).toBe(DEFAULT_TRIP_COPIES_MB);
    expect(defaultTripCopiesMb(40 * MB)).toBe(8);
    expect(configFromEnv({}).tripCopiesMb).toBe(defaultTripCopiesMb(getHeapStatistics().heap_size_limit));
    expect(configFromEnv({ TRIP_COPIES_MB: '40' }).tripCopiesMb).toBe(40);
    expect(() => configFromEnv({ TRIP_COPIES_MB: '0' })).toThrow('TRIP_COPIES_MB');
  });
});
