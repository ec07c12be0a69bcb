/**
 * Unmodified PouchDB 9 clients (LevelDB, like a phone) replicating through the gateway over real HTTP, against a
 * real embedded store: pull with resumable checkpoints, push with per-document refusals, live sync with retry,
 * and conflicting offline edits.
 */
import PouchDB from 'pouchdb-node';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from './support/eventually.js';
import { startGatewayHarness, type GatewayHarness } from './support/gateway-harness.js';
import { localClients, remoteDb, scoreDocs, type Doc, type LocalClients } from './support/pouch-clients.js';

const P1 = 'Bearer player:p1';

let h: GatewayHarness;
let clients: LocalClients;

beforeEach(async () => {
  h = await startGatewayHarness({ gateway: { heartbeatMs: 200 } });
  clients = await localClients();
});

afterEach(async () => {
  await clients.cleanup();
  await h.close();
});

async function localIds(db: PouchDB.Database<Doc>): Promise<string[]> {
  const { rows } = await db.allDocs();
  return rows.map((r) => r.id);
}

describe('pull', () => {
  it('pulls 200 documents, hides what the actor may not read, and resumes from its checkpoint', async () => {
    const docs = Array.from({ length: 200 }, (_, i) => ({
      _id: `expense:e${String(i).padStart(3, '0')}`,
      type: 'expense',
      id: `e${i}`,
      amountCents: 1000 + i,
    }));
    await h.db.bulkDocs([...docs.slice(0, 100), { _id: 'secret:s1', type: 'secret', value: 'hidden' }, ...docs.slice(100)]);
    const local = clients.create('phone');
    const remote = remoteDb(h.dbUrl(), P1);

    const first = await PouchDB.replicate(remote, local);
    expect(first.ok).toBe(true);
    expect(first.docs_read).toBe(200);
    expect(first.doc_write_failures).toBe(0);
    const ids = await localIds(local);
    expect(ids).toHaveLength(200);
    expect(ids).toEqual(docs.map((d) => d._id));
    expect(ids.some((id) => id.startsWith('_design/') || id === 'secret:s1')).toBe(false);
    expect(await local.get('expense:e123')).toMatchObject({ amountCents: 1123, type: 'expense' });

    // The checkpoint PouchDB wrote through the gateway is durable and readable by the same actor.
    const put = h.requests.find((r) => r.method === 'PUT' && r.url.includes('/_local/'));
    expect(put?.status).toBe(201);
    const checkpointId = decodeURIComponent(put!.url.split('/_local/')[1]!);
    const checkpoint = await remote.get<{ last_seq: number }>(`_local/${checkpointId}`);
    expect(checkpoint.last_seq).toBe(first.last_seq);
    expect((await h.db.info()).updateSeq).toBe(first.last_seq);

    const second = await PouchDB.replicate(remote, local);
    expect(second.ok).toBe(true);
    expect(second.docs_read).toBe(0);
    expect(second.last_seq).toBe(first.last_seq);
    // Resumed: the second run asked for changes only after the checkpoint.
    const changes = h.requests.filter((r) => r.url.includes('/_changes'));
    expect(changes.at(-1)?.url).toContain(`since=${first.last_seq}`);
  });

  it('sees a new document on the next run, not the ones it already has', async () => {
    await h.db.bulkDocs(scoreDocs('p2', 'sc1', 10));
    const local = clients.create('phone');
    const remote = remoteDb(h.dbUrl(), P1);
    expect((await PouchDB.replicate(remote, local)).docs_read).toBe(10);
    await h.db.put({ _id: 'round:r1', type: 'round', id: 'r1', state: 'ready' });
    const again = await PouchDB.replicate(remote, local);
    expect(again.docs_read).toBe(1);
    expect((await local.get('round:r1')).state).toBe('ready');
  });
});

describe('push', () => {
  it('writes 72 scores of the player, refuses another player’s score per document, and records the refusal', async () => {
    const local = clients.create('phone');
    const mine = [...scoreDocs('p1', 'card-a', 36), ...scoreDocs('p1', 'card-b', 36)];
    const theirs = scoreDocs('p2', 'card-c', 1)[0]!;
    await local.bulkDocs([...mine.slice(0, 40), theirs, ...mine.slice(40)]);
    const remote = remoteDb(h.dbUrl(), P1);

    const denied: unknown[] = [];
    const result = await PouchDB.replicate(local, remote).on('denied', (err) => denied.push(err));
    expect(result.ok).toBe(true);
    expect(result.docs_read).toBe(73);
    expect(result.docs_written).toBe(72);
    expect(result.doc_write_failures).toBe(1);
    expect(denied).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ id: theirs._id, name: 'forbidden' });

    const { rows } = await h.db.allDocs({ keys: [...mine.map((d) => d._id as string), theirs._id as string], includeDocs: true });
    expect(rows.slice(0, 72).every((r) => r.doc && (r.doc as Doc).playerId === 'p1')).toBe(true);
    expect(rows[72]).toMatchObject({ key: theirs._id, error: 'not_found' });
    // Same revisions on both sides (new_edits:false kept them).
    const localDoc = await local.get('score:card-a:7');
    expect((await h.db.get('score:card-a:7'))?._rev).toBe(localDoc._rev);

    expect(h.refusals).toHaveLength(1);
    expect(h.refusals[0]).toMatchObject({ doc: { _id: theirs._id }, reason: 'a score of another player', actor: { playerId: 'p1' } });
    const written = h.afterWrites.flatMap((w) => w.docs.map((d) => d._id));
    expect(written).toHaveLength(72);
    expect(new Set(written)).toEqual(new Set(mine.map((d) => d._id)));
  });

  it('pushes edits and deletions of existing documents', async () => {
    const local = clients.create('phone');
    const remote = remoteDb(h.dbUrl(), P1);
    await local.bulkDocs(scoreDocs('p1', 'card-a', 3));
    await PouchDB.replicate(local, remote);
    const hole1 = await local.get('score:card-a:1');
    await local.put({ ...hole1, strokes: 9 });
    const hole2 = await local.get('score:card-a:2');
    await local.remove(hole2);
    const result = await PouchDB.replicate(local, remote);
    expect(result.docs_written).toBe(2);
    expect((await h.db.get('score:card-a:1'))?.strokes).toBe(9);
    expect(await h.db.get('score:card-a:2')).toBeUndefined();
    expect(h.afterWrites.at(-1)?.docs.find((d) => d._id === 'score:card-a:2')?._deleted).toBe(true);
  });
});

describe('live sync', () => {
  it('delivers server-side writes to a live, retrying client through longpoll with heartbeats, and pushes local writes', async () => {
    const local = clients.create('phone');
    const remote = remoteDb(h.dbUrl(), P1);
    const sync = local.sync(remote, { live: true, retry: true, heartbeat: 150 } as PouchDB.Replication.SyncOptions);
    const errors: unknown[] = [];
    sync.on('error', (err) => errors.push(err));
    try {
      // Let the pull side reach its longpoll and wait through several heartbeats.
      await eventually(() => expect(h.requests.some((r) => r.url.includes('feed=longpoll'))).toBe(true));
      await new Promise((r) => setTimeout(r, 700));
      await h.db.put({ _id: 'teetime:t1', type: 'teetime', id: 't1', time: '08:10' });
      await eventually(async () => expect((await local.get('teetime:t1')).time).toBe('08:10'), 5_000);

      await local.put({ ...scoreDocs('p1', 'card-live', 1)[0]!, strokes: 4 });
      await eventually(async () => expect((await h.db.get('score:card-live:1'))?.strokes).toBe(4), 5_000);

      // A hidden document wakes the longpoll up but is never delivered.
      await h.db.put({ _id: 'secret:live', type: 'secret' });
      await h.db.put({ _id: 'teetime:t2', type: 'teetime', id: 't2', time: '08:20' });
      await eventually(async () => expect((await local.get('teetime:t2')).time).toBe('08:20'), 5_000);
      await expect(local.get('secret:live')).rejects.toMatchObject({ status: 404 });
      expect(errors).toEqual([]);
    } finally {
      sync.cancel();
    }
    // Several longpolls were answered (the last one was pending when the client cancelled it).
    const answered = h.requests.filter((r) => r.url.includes('feed=longpoll') && r.status !== 0);
    expect(answered.length).toBeGreaterThanOrEqual(2);
    expect(answered.every((r) => r.url.includes('heartbeat=150') && r.status === 200)).toBe(true);
    expect(h.appErrors).toEqual([]);
  });
});

describe('conflicts', () => {
  it('keeps both offline edits of one hole as a conflict and serves every leaf with open_revs=all', async () => {
    const id = 'score:card-a:5';
    await h.db.put({ ...scoreDocs('p1', 'card-a', 5, 5)[0]!, strokes: 5 });
    const phoneA = clients.create('phone-a');
    const phoneB = clients.create('phone-b');
    await PouchDB.replicate(remoteDb(h.dbUrl(), P1), phoneA);
    await PouchDB.replicate(remoteDb(h.dbUrl(), P1), phoneB);

    // Offline, both phones edit the same hole.
    const a = await phoneA.get(id);
    await phoneA.put({ ...a, strokes: 4, deviceId: 'A' });
    const b = await phoneB.get(id);
    await phoneB.put({ ...b, strokes: 6, deviceId: 'B' });

    // Back online, both push (new_edits:false): nothing is lost.
    const pushA = await PouchDB.replicate(phoneA, remoteDb(h.dbUrl(), P1));
    const pushB = await PouchDB.replicate(phoneB, remoteDb(h.dbUrl(), P1));
    expect([pushA.docs_written, pushB.docs_written]).toEqual([1, 1]);

    const winner = await h.db.get(id, { conflicts: true });
    expect(winner?._conflicts).toHaveLength(1);
    const revs = [winner!._rev, ...(winner!._conflicts as string[])].sort();
    expect(revs).toEqual([(await phoneA.get(id))._rev, (await phoneB.get(id))._rev].sort());

    const res = await fetch(`${h.dbUrl()}/${encodeURIComponent(id)}?open_revs=all&revs=true`, {
      headers: { Authorization: P1, Accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    const leaves = (await res.json()) as { ok: Doc & { _rev: string; _revisions: { start: number } } }[];
    expect(leaves.map((l) => l.ok._rev).sort()).toEqual(revs);
    expect(leaves.map((l) => l.ok.strokes).sort()).toEqual([4, 6]);
    expect(leaves.every((l) => l.ok._revisions.start === 2)).toBe(true);

    // Through the gateway's GET with conflicts=true, and after pulling, each phone sees the conflict too.
    const viaGateway = await remoteDb(h.dbUrl(), P1).get(id, { conflicts: true });
    expect(viaGateway._conflicts).toEqual(winner!._conflicts);
    await PouchDB.replicate(remoteDb(h.dbUrl(), P1), phoneA);
    expect((await phoneA.get(id, { conflicts: true }))._conflicts).toHaveLength(1);
  });
});

describe('setup', () => {
  it('lets PouchDB find the existing database (GET db, uuid from the server root) without creating anything', async () => {
    const remote = remoteDb(h.dbUrl(), P1);
    const info = await remote.info();
    expect(info).toMatchObject({ db_name: 'trip1', instance_start_time: '0' });
    expect(await (remote as unknown as { id(): Promise<string> }).id()).toBe('c0ffee00c0ffee00c0ffee00c0ffee00trip1');
  });
});
