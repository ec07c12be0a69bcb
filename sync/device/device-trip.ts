/**
 * One trip on one phone: the RxDB collection of the trip's documents, live replication through the gateway, score
 * entry that works without signal, and an honest status. Created by `openTrip` (open-trip.ts).
 */
import { filter, firstValueFrom, map, Subject, type Observable } from 'rxjs';
import type { RxCollection, RxDatabase, RxDocument, WithDeleted } from 'rxdb';
import { replicateCouchDB, type RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import { syncWritableSchema } from '../../shared/domain/write-rules.js';
import { scoreDocId, type ScoreDoc } from '../../shared/schemas/round.js';
import { pointGameState, sideGameState } from './games.js';
import { competitionBoard, multiRoundBoard, roundBoard, teamRoundBoard, type MultiRoundBoardOptions, type RoundBoardOptions } from './leaderboards.js';
import { toTripDocument, withType, type LocalDoc } from './schema.js';
import { ServerClock, type Stamp } from './clock.js';
import { buildScoreDoc, CLOCK_PENDING, correctClockPending, sortByHole, type ScoreBase } from './scores.js';
import { SessionKeeper, UnreachableError, withSlash } from './session.js';
import { StatusTracker } from './status.js';
import { SyncTransport } from './transport.js';
import { DeviceTripError, HEARD_EVERY_MS, type DeviceStatus, type OpenTripOptions, type PortalSession, type ScoreEntryInput, type TripDocument } from './types.js';

/**
 * Documents per pull page (`limit` of the changes feed; the live longpoll's too). A first sync of a 3,000-document
 * trip takes 4 pages: RxDB stores a page while it fetches the next, and pages of 1,000 measured fastest on the phone
 * (`npm run bench:portal` (e), issue 36: 500 → 1,000 raised it by about 1.5×; one page of 3,000 stores nothing
 * while it waits, and was slower again).
 */
export const PULL_BATCH_SIZE = 1000;
/** Documents per push request: a phone's writes come a few at a time. */
export const PUSH_BATCH_SIZE = 100;

export interface DeviceTripInit {
  options: OpenTripOptions;
  session: PortalSession;
  /** Every request of the device goes through it (already timed by `clock`). */
  fetchImpl: typeof fetch;
  clock: ServerClock;
}

/** A conflict this device resolved while pushing (the server had changed the document since it last saw it). */
export interface ResolvedConflict {
  docId: string;
  local: TripDocument;
  server: TripDocument;
  resolved: TripDocument;
}

export class DeviceTrip {
  readonly tripId: string;
  /** The player this device writes as (`enteredBy` of its scores). */
  readonly playerId: string;
  readonly deviceId: string;
  /** The current status, and every change of it. */
  readonly status$: Observable<DeviceStatus>;
  /** Replication errors as RxDB reports them (unreachable server, unexpected answers), for logs. */
  readonly errors$: Observable<unknown>;
  /** Conflicts resolved on this device (scores by the shared rule, other documents by the server's state). */
  readonly conflicts$: Observable<ResolvedConflict>;
  /** The server's clock as this device knows it (clock.ts): every entry is stamped with it. */
  readonly clock: ServerClock;

  private readonly errorSubject = new Subject<unknown>();
  private readonly closedSubject = new Subject<never>();
  private readonly session: SessionKeeper;
  private readonly transport: SyncTransport;
  private readonly replication: RxCouchDBReplicationState<LocalDoc>;
  private readonly tracker: StatusTracker;
  private readonly now: () => Date;
  private readonly resolveSyncUrl: (syncUrl: string, baseUrl: string) => string;
  private readonly removeOnlineListener: () => void;
  private readonly removeOfflineListener: () => void;
  private readonly fetchImpl: typeof fetch;
  private baseUrl: string;
  private closed = false;

  constructor(
    private readonly db: RxDatabase,
    private readonly docs: RxCollection<LocalDoc>,
    { options, session, fetchImpl, clock }: DeviceTripInit,
  ) {
    this.clock = clock;
    this.tripId = session.trip.id;
    this.playerId = session.player.id;
    this.deviceId = options.deviceId;
    this.baseUrl = options.baseUrl;
    this.fetchImpl = fetchImpl;
    this.now = options.now ?? (() => new Date());
    this.resolveSyncUrl = options.resolveSyncUrl ?? defaultSyncUrl;
    this.errors$ = this.errorSubject.asObservable();
    // The tracker is built below (it needs the session): until then there is no status to publish.
    this.session = new SessionKeeper(fetchImpl, () => this.baseUrl, options.token, session, () => this.tracker?.publish());

    const initialMs = options.retry?.initialMs ?? 1000;
    const rxdbUrl = `${this.syncUrl()}/`;
    this.transport = new SyncTransport({ fetchImpl, session: this.session, rxdbUrl, target: () => this.syncUrl(), initialMs, maxMs: options.retry?.maxMs ?? 30_000, heardEveryMs: options.heardEveryMs ?? HEARD_EVERY_MS });
    this.replication = replicateCouchDB<LocalDoc>({
      // Stable across base URL changes: the checkpoints belong to the trip, not to an address.
      replicationIdentifier: `golf-trip-gateway-${this.tripId}`,
      collection: docs,
      url: rxdbUrl,
      live: true,
      // RxDB waits this long after a failed request; the transport adds the growing backoff on top.
      retryTime: initialMs,
      fetch: this.transport.fetch as typeof fetch,
      pull: { batchSize: options.batchSize ?? PULL_BATCH_SIZE, modifier: withType },
      // Times stamped on the device's clock before the server's was known are corrected on the way out.
      push: { batchSize: options.batchSize ?? PUSH_BATCH_SIZE, modifier: (doc) => this.beforePush(doc) },
      waitForLeadership: options.multiInstance ?? false,
    });
    this.replication.error$.subscribe((err) => this.errorSubject.next(err));
    this.conflicts$ = this.replication.conflict$.pipe(
      map(({ input, output }) => ({ docId: output.docId, local: fromRx(input.newDocumentState), server: fromRx(input.realMasterState), resolved: fromRx(output) })),
    );
    this.tracker = new StatusTracker(docs, this.replication, this.transport, this.session, this.now, (err) => this.errorSubject.next(err));
    this.status$ = this.tracker.status$;
    this.removeOnlineListener = onBrowserEvent('online', () => this.reconnect());
    this.removeOfflineListener = onBrowserEvent('offline', () => this.networkLost());
  }

  /** Resolves once the replication runs, with every stored document counted for `pendingWrites`. */
  async started(): Promise<void> {
    const existing = await this.docs.find().exec();
    await this.replication.startPromise;
    await this.tracker.start(existing.map((d) => d.primary));
  }

  status(): DeviceStatus {
    return this.tracker.current;
  }

  /** The current portal session (renewed as needed). Keep it to open the trip later without signal. */
  get portalSession(): PortalSession {
    return this.session.current;
  }

  /** How often an expired session was renewed with the token. */
  get sessionRenewals(): number {
    return this.session.renewals;
  }

  /** The server moved (new address, a restarted test server): requests go there from now on, without waiting. */
  setBaseUrl(baseUrl: string): void {
    if (baseUrl === this.baseUrl) return;
    this.baseUrl = baseUrl;
    this.transport.retarget();
  }

  /**
   * A REST call of the portal API (`/trip-portal/…`, a receipt upload) as this device's player: `path` is resolved
   * on the current base URL and carries the session, renewed with the token on 401 (at most twice). Unlike sync
   * requests it never waits: a refused token rejects with its code (`token_revoked`, …), no network with
   * `unreachable`. Any other answer is returned as it is, for the caller to read (4xx bodies are the error shape).
   */
  async request(path: string, init: RequestInit = {}): Promise<Response> {
    this.assertOpen();
    for (let renewals = 0; ; renewals++) {
      const refused = this.session.refused;
      if (refused) throw new DeviceTripError(refused.code, refused.message, 401);
      const used = this.session.current.session;
      const headers = new Headers(init.headers);
      headers.set('Authorization', `Bearer ${used}`);
      if (!headers.has('accept')) headers.set('accept', 'application/json');
      let res: Response;
      try {
        res = await this.fetchImpl(new URL(path.replace(/^\/+/, ''), withSlash(this.baseUrl)), { ...init, headers });
      } catch (err) {
        throw new UnreachableError(err);
      }
      if (res.status !== 401 || renewals >= 2) return res;
      if ((await this.session.renew(used)) === 'refused') {
        // Read again: renew() may have set the refusal meanwhile (TypeScript keeps the narrowing from above).
        const why = this.session.refused as { code: string; message: string } | null;
        throw new DeviceTripError(why?.code ?? 'unauthorized', why?.message ?? 'the portal token was refused', 401);
      }
    }
  }

  /** Signal is back (the app knows it from the OS): retry now instead of at the end of the backoff. */
  reconnect(): void {
    this.transport.wake();
  }

  /**
   * The device lost its network (the OS says so; in a browser the \`offline\` event does this): requests in flight are
   * dropped and the status is \`offline\` at once, instead of when a longpoll times out. Local writes go on as ever.
   */
  networkLost(): void {
    this.transport.networkLost();
  }

  /** A new portal token (after `needs_token`): validated at once; replication resumes with what was pending. */
  async setToken(token: string): Promise<void> {
    await this.session.setToken(token);
    this.transport.wake();
    this.tracker.schedule();
  }

  /**
   * Enters one hole locally (no network needed). The writer is this session's player, the time the server's clock
   * as this device knows it (`clock`; `stamp` when the decision was made a moment ago, from `clock.stamp()`); a
   * hole entered before keeps its earlier value in `history`. Answers the stored score.
   *
   * `base` is the state of the hole the decision was made on (`scoreBase` of the score the phone showed, null when
   * it showed none), for a write that happens a while after the decision (a draft settling: the portal's
   * state/drafts.ts). When the hole changed from another device meanwhile — a pull landed between the tap and the
   * write — the entry does not silently replace a value its golfer never saw: it is merged with it by the shared
   * rule, a disagreement kept in history and listed as a dispute, exactly as if both had been entered offline
   * (scores.ts `buildScoreDoc`). Every attempt below, and every retry of RxDB's modify, judges against that base.
   */
  async enterScore(input: ScoreEntryInput, stamp?: Stamp, base?: ScoreBase): Promise<ScoreDoc> {
    this.assertOpen();
    const id = scoreDocId(input.scorecardId, input.hole);
    const card = await this.docs.findOne(`scorecard:${input.scorecardId}`).exec();
    if (card && (card.get('roundId') !== input.roundId || card.get('playerId') !== input.playerId)) {
      throw new DeviceTripError('invalid_score', `scorecard ${input.scorecardId} is of round ${String(card.get('roundId'))} and player ${String(card.get('playerId'))}`);
    }
    const writer = () => {
      const { at, pending } = onServerClock(stamp, this.clock) ?? this.clock.stamp(this.now());
      return { playerId: this.playerId, deviceId: this.deviceId, at, pending };
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await this.docs.findOne(id).exec();
      if (existing) return asScore(await existing.incrementalModify((prev) => buildScoreDoc(id, input, prev, writer(), base)));
      try {
        return asScore(await this.docs.insert(buildScoreDoc(id, input, undefined, writer(), base)));
      } catch (err) {
        if ((err as { code?: string }).code !== 'CONFLICT') throw err; // stored meanwhile (a pull): modify it
      }
    }
    throw new DeviceTripError('conflict', `score ${id} kept changing while it was written`);
  }

  /**
   * Writes one document other than a score on the phone (no network needed): a captain's point-game pick, an
   * availability, a ride request, an expense — the types sync takes (`shared/domain/write-rules.ts`), checked here
   * with the same schema. It replaces the stored version of `_id` (or creates it); replication pushes it, and the
   * gateway's write rule has the last word (a refusal lands in `status().refused` with its reason). Scores go
   * through `enterScore`, which keeps their history.
   */
  async putDoc(doc: TripDocument): Promise<TripDocument> {
    this.assertOpen();
    if (doc.type === 'score') throw new DeviceTripError('invalid_doc', 'scores are entered with enterScore, which keeps their history');
    const schema = syncWritableSchema(doc.type);
    if (!schema) throw new DeviceTripError('invalid_doc', `documents of type ${doc.type} are not written through sync`);
    const { _id, _rev: _ignored, ...rest } = doc as TripDocument & { _rev?: unknown };
    const parsed = schema.safeParse({ _id, ...rest });
    if (!parsed.success) throw new DeviceTripError('invalid_doc', `not a valid ${doc.type}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    if (_id !== `${doc.type}:${String(rest.id)}`) throw new DeviceTripError('invalid_doc', `a ${doc.type} document's _id must be ${doc.type}:<id>`);
    const data = { ...rest, docId: _id } as LocalDoc;
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await this.docs.findOne(_id).exec();
      if (existing) return asTripDocument(await existing.incrementalModify(() => data));
      try {
        return asTripDocument(await this.docs.insert(data));
      } catch (err) {
        if ((err as { code?: string }).code !== 'CONFLICT') throw err; // stored meanwhile (a pull): replace it
      }
    }
    throw new DeviceTripError('conflict', `${_id} kept changing while it was written`);
  }

  /**
   * Every change of a document on the phone (local writes and pulled ones), one at a time: `doc` is null for a
   * deletion. For views that apply changes incrementally instead of re-reading whole lists (live leaderboards).
   */
  docChanges$(): Observable<{ docId: string; type: string; doc: TripDocument | null }> {
    return this.docs.$.pipe(
      map((ev) => {
        const data = ev.documentData as (LocalDoc & { _deleted?: boolean }) | undefined;
        const gone = ev.operation === 'DELETE' || !!data?._deleted || !data;
        return { docId: ev.documentId, type: String(data?.type ?? ev.previousDocumentData?.type ?? ''), doc: gone ? null : toTripDocument(data) };
      }),
    );
  }

  /** The scores of one scorecard, by hole. */
  async scores(scorecardId: string): Promise<ScoreDoc[]> {
    return sortByHole((await this.docs.find({ selector: { type: 'score', scorecardId } }).exec()).map(asScore));
  }

  scores$(scorecardId: string): Observable<ScoreDoc[]> {
    return this.docs.find({ selector: { type: 'score', scorecardId } }).$.pipe(map((found) => sortByHole(found.map(asScore))));
  }

  /** Every document of a type (`player`, `round`, `scorecard`, `score`, …), as the server stores it. */
  async docsOfType(type: string): Promise<TripDocument[]> {
    return (await this.docs.find({ selector: { type } }).exec()).map(asTripDocument);
  }

  docsOfType$(type: string): Observable<TripDocument[]> {
    return this.docs.find({ selector: { type } }).$.pipe(map((found) => found.map(asTripDocument)));
  }

  /** Leaderboards computed offline from this device's documents, equal to the server's (leaderboards.ts). */
  roundLeaderboard(roundId: string, options?: RoundBoardOptions) {
    return roundBoard(this, roundId, options);
  }

  teamRoundLeaderboard(roundId: string, options?: { basis?: 'gross' | 'net' }) {
    return teamRoundBoard(this, roundId, options);
  }

  competitionLeaderboard(competitionId: string) {
    return competitionBoard(this, competitionId);
  }

  multiRoundLeaderboard(roundIds: readonly string[], options?: MultiRoundBoardOptions) {
    return multiRoundBoard(this, roundIds, options);
  }

  /** Game state computed offline from this device's documents, equal to the server's (games.ts). */
  sideGameState(gameId: string) {
    return sideGameState(this, gameId);
  }

  pointGameState(roundId: string, team: string) {
    return pointGameState(this, roundId, team);
  }

  /**
   * Resolves once every local write was acknowledged and a pull that started afterwards completed (so the server's
   * reactions — merged scores, a round that started — are here too). Waits as long as the device is offline or
   * needs a token, up to `timeoutMs` when given (then rejects with code `timeout`); rejects when closed.
   */
  async awaitInSync(options: { timeoutMs?: number } = {}): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const racers: Promise<void>[] = [this.syncRound(), firstValueFrom(this.closedSubject).then(() => this.assertOpen(), () => this.assertOpen())];
    if (options.timeoutMs !== undefined) {
      const ms = options.timeoutMs;
      racers.push(new Promise((_, reject) => (timer = setTimeout(() => reject(new DeviceTripError('timeout', `not in sync after ${ms} ms: ${JSON.stringify(this.status())}`)), ms))));
    }
    try {
      await Promise.race(racers);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The refusal stays listed until a later write of the document is accepted, or the app dismisses it. */
  dismissRefused(docId: string): void {
    this.tracker.dismissRefused(docId);
  }

  /** Stops replicating and closes the local database (its data stays in the storage). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.removeOnlineListener();
    this.removeOfflineListener();
    // Release requests held for a token or in flight first: RxDB's cancel does not wait for them.
    this.session.close();
    this.transport.close();
    this.tracker.close();
    this.closedSubject.complete();
    await this.replication.cancel();
    await this.db.close();
    this.errorSubject.complete();
  }

  /**
   * RxDB's push modifier: a score carrying times of the device's own clock waits until the server's clock is known
   * (the other requests of the replication learn it at their first answer) and leaves corrected; the server's copy
   * then comes back by the pull and replaces the local one. Closing ends the wait (RxDB then sends nothing).
   */
  private async beforePush(doc: WithDeleted<LocalDoc>): Promise<WithDeleted<LocalDoc>> {
    if (!(CLOCK_PENDING in doc)) return doc;
    const offset = await Promise.race([this.clock.whenKnown(), firstValueFrom(this.closedSubject).then(() => null, () => null)]);
    return offset === null ? doc : correctClockPending(doc, offset, this.deviceId);
  }

  private async syncRound(): Promise<void> {
    for (;;) {
      this.assertOpen();
      await this.replication.awaitInSync();
      const mark = this.transport.lastSeq;
      const pulled = firstValueFrom(this.transport.events$.pipe(filter((e) => e.type === 'response' && e.kind === 'pull' && e.seq > mark && e.status < 400)));
      this.replication.reSync();
      await pulled.catch(() => this.assertOpen());
      await this.replication.awaitInSync();
      await this.tracker.refreshNow();
      if (this.tracker.pendingWrites === 0 && !this.session.refused) return;
      await new Promise((resolve) => setTimeout(resolve, 50)); // a write arrived meanwhile: another round
    }
  }

  private syncUrl(): string {
    return this.resolveSyncUrl(this.session.current.syncUrl, this.baseUrl).replace(/\/+$/, '');
  }

  private assertOpen(): void {
    if (this.closed) throw new DeviceTripError('closed', 'the trip is closed');
  }
}

/**
 * A decision stamped on the device's own clock (the server's was not known at the tap) and written once it is known:
 * moved onto the server's clock now, as the push would move it, so that a merge with another device's entry at
 * write time (`buildScoreDoc` with a base) compares both on the server's clock. Another device's value can only
 * have arrived by a pull, which taught the clock: a merge never compares the device's own time.
 */
function onServerClock(stamp: Stamp | undefined, clock: ServerClock): Stamp | undefined {
  const offset = clock.estimate?.offsetMs;
  if (!stamp?.pending || offset === undefined) return stamp;
  return { at: new Date(Date.parse(stamp.at) + offset).toISOString(), pending: false };
}

/** Default: the path of the server's sync URL on the origin (and path prefix) of the base URL the device reaches. */
export function defaultSyncUrl(syncUrl: string, baseUrl: string): string {
  const path = new URL(syncUrl).pathname;
  const base = new URL(withSlash(baseUrl));
  // When both carry the same prefix (`/api/…`), keep it once.
  const relative = path.startsWith(base.pathname) ? path.slice(base.pathname.length) : path.replace(/^\//, '');
  return new URL(relative, base).href;
}

/**
 * In a browser, the `online` event ends the backoff wait at once (RxDB's own retry listens to it too), and the
 * `offline` event drops requests in flight so the status says offline at once.
 */
function onBrowserEvent(type: 'online' | 'offline', handler: () => void): () => void {
  const target = globalThis as { addEventListener?: (type: string, fn: () => void) => void; removeEventListener?: (type: string, fn: () => void) => void };
  if (typeof target.addEventListener !== 'function' || typeof (globalThis as { window?: unknown }).window === 'undefined') return () => undefined;
  target.addEventListener(type, handler);
  return () => target.removeEventListener?.(type, handler);
}

function asTripDocument(doc: RxDocument<LocalDoc>): TripDocument {
  return toTripDocument(doc.toJSON() as LocalDoc);
}

function asScore(doc: RxDocument<LocalDoc>): ScoreDoc {
  return asTripDocument(doc) as unknown as ScoreDoc;
}

function fromRx(doc: WithDeleted<LocalDoc>): TripDocument {
  const { _deleted, ...rest } = doc;
  return { ...toTripDocument(rest as LocalDoc), ...(_deleted ? { _deleted: true } : {}) };
}
