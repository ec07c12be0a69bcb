/**
 * The players list "in the order added" (issue 35): a roster pasted in one request comes back in the order pasted,
 * although its rows share one creation time (a fixed clock here, as a fast server gives every row the same
 * millisecond). Before, rows added together came back by first name: neither paste order nor surname order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;

beforeAll(async () => {
  const fixed = new Date('2027-03-01T10:00:00.000Z');
  server = await startTestServer({ overrides: { now: () => new Date(fixed) } });
  org = await organizer(server.url);
});
afterAll(() => server.close());

describe('the order added', () => {
  it('lists a pasted roster in paste order, the same page after page', async () => {
    const trip = (await org.client.post('/trips', tripBody())).body.id as string;
    const names = ['Zoe Walsh', 'Adam Young', 'Mike Smith', 'Bea Adams', 'Mike Shaw', 'Carl Byrne', 'Ann Zed'];
    expect((await org.client.post(`/trips/${trip}/players/bulk`, { players: names.map((name) => ({ name })) })).status).toBe(201);
    const all = (await org.client.get(`/trips/${trip}/players`)).body.items as { name: string }[];
    const seen: string[] = [];
    let cursor = '';
    for (;;) {
      const page = (await org.client.get(`/trips/${trip}/players?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body;
      seen.push(...page.items.map((p: { name: string }) => p.name));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(all.map((p) => p.name));
    expect(all.map((p) => p.name)).toEqual(names);
    expect(Object.keys(all[0]!)).not.toContain('addedIndex');
  });
});
