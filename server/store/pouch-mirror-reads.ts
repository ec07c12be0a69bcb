/**
 * `allDocs` answered from the in-memory changes mirror (seq-index.ts) where it can answer exactly as PouchDB would,
 * without PouchDB's read of every document (one LevelDB read each, under the read lock every write waits for).
 */
import type PouchDB from 'pouchdb-node';
import type { AllDocsRow, StoredDoc } from './docstore.js';
import type { SeqIndex, Writing } from './seq-index.js';

/** What the reads need: the mirror, PouchDB for what the mirror cannot vouch for, and the ids being written now. */
export interface MirrorReads {
  index: SeqIndex;
  pouch: PouchDB.Database<Record<string, unknown>>;
  writing: Writing;
}

/**
 * A range of ids (`docsOfType`, `docsWithPrefix`: what every list and leaderboard reads) answered from the mirror,
 * as PouchDB answers it, without PouchDB's read of every document (one LevelDB read each, under PouchDB's read lock
 * that every write waits for). Undefined when the mirror cannot answer it exactly.
 */
export async function allDocsRange({ index, pouch, writing }: MirrorReads, startKey: string, endKey: string, includeDocs: boolean, shared: boolean) {
  const [range, info] = await Promise.all([index.range(startKey, endKey, writing), pouch.info()]);
  if (!range) return undefined;
  const docOf = (row: (typeof range)[number]) => (shared ? (row.shared() as StoredDoc) : (JSON.parse(row.body) as StoredDoc));
  return {
    totalRows: info.doc_count,
    rows: range.map((row): AllDocsRow => (includeDocs ? { id: row.id, key: row.id, value: { rev: row.rev }, doc: docOf(row) } : { id: row.id, key: row.id, value: { rev: row.rev } })),
  };
}

/**
 * `allDocs` by keys with documents (the write rules' facts, the documents a push replaces) and with their conflicts
 * (asked right after every score write, to find the conflicts it made): from the mirror, caught up with every
 * committed write; with conflicts, only for ids with one leaf (then there is none). PouchDB reads the rest (a
 * conflicted score), under its read lock, which waits behind every write queued before it.
 */
async function allDocsWithDocs({ index, pouch, writing }: MirrorReads, keys: string[], conflicts: boolean) {
  const [states, info] = await Promise.all([index.states([...new Set(keys)], conflicts, writing), pouch.info()]);
  const rows = await Promise.all(
    keys.map(async (key): Promise<AllDocsRow> => {
      const state = states?.get(key);
      if (state?.kind === 'missing') return { key, error: 'not_found' };
      if (state?.kind === 'deleted') return { id: key, key, value: { rev: state.winner, deleted: true }, doc: null };
      if (state?.kind === 'live') return { id: key, key, value: { rev: state.winner }, doc: JSON.parse(state.body) as StoredDoc };
      const res = await pouch.allDocs({ keys: [key], include_docs: true, conflicts });
      return res.rows[0] as unknown as AllDocsRow;
    }),
  );
  return { totalRows: info.doc_count, rows };
}

/**
 * `allDocs` by keys in PouchDB's answer shape, without PouchDB's range query per key: the mirror tells which ids
 * exist and their winning revision; only existing documents asked for with their body are read.
 */
export async function allDocsByKeys(mirror: MirrorReads, keys: string[], includeDocs: boolean, conflicts: boolean) {
  const { index, pouch, writing } = mirror;
  if (includeDocs) return allDocsWithDocs(mirror, keys, conflicts);
  // Without documents (a push asking which ids exist) the mirror answers without catching up first.
  const [{ known, unsure }, info] = await Promise.all([index.lookup(keys, (id) => writing.has(id)), pouch.info()]);
  // Ids written since the mirror last read the feed: PouchDB's own answer.
  const unsureKeys = [...new Set(unsure)];
  const asked = unsureKeys.length ? ((await pouch.allDocs({ keys: unsureKeys })).rows as unknown as AllDocsRow[]) : [];
  const read = new Map(asked.map((r) => [r.key, r]));
  const rows = keys.map((key): AllDocsRow => {
    if (read.has(key)) return read.get(key)!;
    const e = known.get(key);
    if (!e) return { key, error: 'not_found' };
    if (e.deleted) return { id: key, key, value: { rev: e.winner, deleted: true }, doc: null };
    return { id: key, key, value: { rev: e.winner } };
  });
  return { totalRows: info.doc_count, rows };
}

