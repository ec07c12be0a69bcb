/**
 * Leaderboards on the phone (issue 4, "Offline"): the same boards the server answers on
 * `/trips/:tripId/leaderboards/…` and `/trip-portal/trips/:tripId/leaderboards/…`, computed from the replicated
 * documents with the same pure functions (`fromDocs`, then `shared/domain/leaderboards`), so a device without signal
 * shows what the server will once it syncs. Reads only the document types leaderboards use. Answers a `Result` as the
 * shared functions do: `round_not_found` / `not_found` for what the device does not hold (yet), `unprocessable` for
 * an impossible board; the `code` is the one the server answers.
 */
import { Subject, take, type Observable, type Subscription } from 'rxjs';
import { pointGameView, roundDataOf, sideGameState as sideGameStateOf, type PointGameView, type RoundData } from '../../shared/domain/games/state/index.js';
import {
  BOARD_DOC_TYPES,
  competitionBoard as competitionBoardOf,
  createLeaderboardEngine,
  fromDocs,
  isValidScore,
  multiRoundBoard as multiRoundBoardOf,
  roundBoard as roundBoardOf,
  teamRoundBoard as teamRoundBoardOf,
  type DocsByType,
  type LeaderboardEngine,
  type TeamMatch,
  type TeamRoundBasis,
  type TeamRoundLeaderboard,
  type TripSnapshot,
} from '../../shared/domain/leaderboards/index.js';
import { fail, ok, type Result } from '../../shared/errors.js';
import type { PointGameDoc, SideGameDoc, SideGameState } from '../../shared/schemas/games.js';
import { defaultRoundBasis, LEADERBOARD_DOC_TYPES, type CompetitionLeaderboard, type LeaderboardBasis, type MultiRoundLeaderboard, type RoundLeaderboard } from '../../shared/schemas/leaderboards.js';
import type { RoundDoc, ScorecardDoc, ScoreDoc } from '../../shared/schemas/round.js';
import type { TripDocument } from './types.js';

/** Where the documents come from: a `DeviceTrip` (`docsOfType`) or anything shaped like it. */
export interface LeaderboardDocs {
  docsOfType(type: string): Promise<TripDocument[]>;
}

export interface RoundBoardOptions {
  /** Default by the round's format, as on the server. */
  basis?: LeaderboardBasis;
  allowancePercent?: number;
}

export interface MultiRoundBoardOptions {
  /** Default `net`, as on the server. */
  basis?: LeaderboardBasis;
  allowancePercent?: number;
}

async function load(source: LeaderboardDocs): Promise<DocsByType> {
  const lists = await Promise.all(BOARD_DOC_TYPES.map((type) => source.docsOfType(type)));
  return Object.fromEntries(BOARD_DOC_TYPES.map((type, i) => [type, lists[i]!]));
}

/**
 * A round's board, as `GET …/leaderboards/rounds/:roundId?basis=…`.
 * @example await roundBoard(trip, roundId) // ok({ basis: 'net', entries: [{ label: 'T1', net: 80, … }, …] })
 */
export async function roundBoard(source: LeaderboardDocs, roundId: string, options: RoundBoardOptions = {}): Promise<Result<RoundLeaderboard>> {
  return roundBoardOf(await load(source), roundId, options);
}

/**
 * Per-round columns and totals, as `GET …/leaderboards/multi-round?roundIds=…`.
 * @example await multiRoundBoard(trip, [day1, day2], { basis: 'gross' })
 */
export async function multiRoundBoard(source: LeaderboardDocs, roundIds: readonly string[], options: MultiRoundBoardOptions = {}): Promise<Result<MultiRoundLeaderboard>> {
  return multiRoundBoardOf(await load(source), roundIds, options);
}

/**
 * A competition's board, as `GET …/leaderboards/competitions/:competitionId`.
 * @example await competitionBoard(trip, cupId) // ok({ kind: 'team_match', teams: [{ team: 'Europe', points: 1, … }, …] })
 */
export async function competitionBoard(source: LeaderboardDocs, competitionId: string): Promise<Result<CompetitionLeaderboard>> {
  return competitionBoardOf(await load(source), competitionId);
}

/**
 * A round's team board (best ball or scramble team scorecards), as `GET …/leaderboards/rounds/:roundId/teams?basis=…`.
 * @example await teamRoundBoard(trip, roundId, { basis: 'gross' }) // ok({ entries: [{ teamcardId: 'r1-g1', label: '1', … }] })
 */
export async function teamRoundBoard(source: LeaderboardDocs, roundId: string, options: { basis?: TeamRoundBasis } = {}): Promise<Result<TeamRoundLeaderboard>> {
  return teamRoundBoardOf(await load(source), roundId, options);
}

// ---- Live boards (the app): every board from one set of live document lists, recomputed only where inputs changed ----

/** One stored document changed: its new version, or `null` when it was deleted. */
export interface DocChange {
  docId: string;
  type: string;
  doc: TripDocument | null;
}

/** Where live boards read from: a `DeviceTrip` (`docsOfType$`) or anything shaped like it. */
export interface LiveBoardSource {
  docsOfType$(type: string): Observable<TripDocument[]>;
  /**
   * Optional: every change of a stored document as it happens. With it, scores are taken in one by one after a
   * first read of the list, instead of as the whole list again after each score (thousands of documents in a big
   * trip, every time one hole is tapped).
   */
  docChanges$?(): Observable<DocChange>;
}

/** Every document type a board or a game reads. */
export const LIVE_BOARD_TYPES: readonly string[] = [...BOARD_DOC_TYPES, 'sidegame', 'pointgame'];
/** The types the incremental engine is built from (a change rebuilds it); scores are applied to it one by one. */
const ENGINE_TYPES: ReadonlySet<string> = new Set(['player', 'round', 'scorecard', 'competition']);

/** What changed in one update: the document type, and for scores the rounds whose scores changed. */
export interface LiveBoardChange {
  type: string;
  rounds: readonly string[];
}

type Doc = TripDocument & Record<string, unknown>;
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
/** The fields of a score a board or game reads: a score whose fields are unchanged changes nothing. */
const scoreSig = (d: Doc): string => `${text(d.roundId)}|${text(d.playerId)}|${text(d.scorecardId)}|${String(d.hole)}|${String(d.strokes)}`;

/**
 * The boards and game states of a trip as the phone shows them while scores come in: it keeps the latest list of
 * every document type it reads (`docsOfType$`), applies a changed score to the shared incremental leaderboard engine
 * (`createLeaderboardEngine`: one player's card, not the whole trip), and memoizes every answer by the versions of
 * what it reads, so a score in one round recomputes nothing of another round's boards. The answers are those of
 * `roundBoard`, `competitionBoard`, `multiRoundBoard`, `teamRoundBoard` and of `sideGameState` / `pointGameState`
 * (games.ts): the same shared functions, the same defaults, the same error codes. Treat answers as read-only.
 * @example
 * const live = new LiveBoards(trip); await live.ready;
 * live.changes$.subscribe(() => render(live.roundBoard(roundId, { basis: 'gross' })));
 */
export class LiveBoards {
  /** Resolves once every document type has been read once. */
  readonly ready: Promise<void>;
  /** After every change of an input (once ready). */
  readonly changes$: Observable<LiveBoardChange>;
  /** How long taking in the last list took (diffing scores, updating the engine), in ms: for benchmarks. */
  lastApplyMs = 0;

  private readonly lists: Record<string, Doc[]> = {};
  private readonly versions = new Map<string, number>();
  private readonly roundVersions = new Map<string, number>();
  private readonly scoreSigs = new Map<string, { sig: string; roundId: string }>();
  private readonly scores = new Map<string, Doc>();
  private scoreArray: Doc[] | null = null;
  private readonly memo = new Map<string, { stamp: string; value: unknown }>();
  private readonly subject = new Subject<LiveBoardChange>();
  private readonly subscriptions: Subscription[] = [];
  private engine: { engine: LeaderboardEngine; snapshot: TripSnapshot } | null = null;

  constructor(source: LiveBoardSource) {
    this.changes$ = this.subject.asObservable();
    const pending = new Set(LIVE_BOARD_TYPES);
    let resolve!: () => void;
    this.ready = new Promise((r) => (resolve = r));
    const taken = (type: string, rounds: string[], t0: number) => {
      this.lastApplyMs = performance.now() - t0;
      if (pending.delete(type) && pending.size === 0) resolve();
      else if (pending.size === 0 && (type !== 'score' || rounds.length > 0)) this.subject.next({ type, rounds });
    };
    const oneByOne = source.docChanges$?.bind(source);
    for (const type of LIVE_BOARD_TYPES) {
      if (type === 'score' && oneByOne) continue;
      this.subscriptions.push(source.docsOfType$(type).subscribe((docs) => taken(type, this.apply(type, docs as Doc[]), performance.now())));
    }
    if (!oneByOne) return;
    // Scores one by one: changes seen before the first list arrives wait for it (taking one twice changes nothing).
    let early: DocChange[] | null = [];
    this.subscriptions.push(
      oneByOne().subscribe((change) => {
        if (change.type !== 'score') return;
        if (early) return void early.push(change);
        const t0 = performance.now();
        taken('score', this.applyScore(change.docId, change.doc as Doc | null), t0);
      }),
    );
    this.subscriptions.push(
      source
        .docsOfType$('score')
        .pipe(take(1))
        .subscribe((docs) => {
          const t0 = performance.now();
          const changed = new Set(this.apply('score', docs as Doc[]));
          for (const c of early ?? []) for (const r of this.applyScore(c.docId, c.doc as Doc | null)) changed.add(r);
          early = null;
          taken('score', [...changed], t0);
        }),
    );
  }

  /** The documents of a type as last read (for pickers: rounds, competitions, games, players). */
  docs(type: string): readonly TripDocument[] {
    if (type === 'score') return this.scoreList();
    return this.lists[type] ?? [];
  }

  /** The scores as a list (rebuilt after a change, when asked for). */
  private scoreList(): Doc[] {
    this.scoreArray ??= [...this.scores.values()];
    return this.scoreArray;
  }

  /** Stops listening. */
  close(): void {
    for (const s of this.subscriptions.splice(0)) s.unsubscribe();
    this.subject.complete();
  }

  /** As {@link roundBoard}. */
  roundBoard(roundId: string, options: RoundBoardOptions = {}): Result<RoundLeaderboard> {
    const known = this.built().snapshot.rounds.find((r) => r.id === roundId);
    if (!known) return fail('round_not_found', `no round ${roundId} on this trip`);
    const basis = options.basis ?? defaultRoundBasis(known.format);
    return this.built().engine.round(roundId, { basis, ...(options.allowancePercent !== undefined ? { allowancePercent: options.allowancePercent } : {}) });
  }

  /** As {@link multiRoundBoard}. */
  multiRoundBoard(roundIds: readonly string[], options: MultiRoundBoardOptions = {}): Result<MultiRoundLeaderboard> {
    const { engine, snapshot } = this.built();
    const known = new Set(snapshot.rounds.map((r) => r.id));
    const unknown = roundIds.filter((id) => !known.has(id));
    if (unknown.length > 0) {
      return fail('round_not_found', `no round ${unknown.join(', ')} on this trip`, unknown.map((id) => ({ path: ['query', 'roundIds'], message: `no round ${id}`, roundId: id })));
    }
    return engine.multiRound(roundIds, options.basis ?? 'net', options.allowancePercent !== undefined ? { allowancePercent: options.allowancePercent } : {});
  }

  /** As {@link competitionBoard}. */
  competitionBoard(competitionId: string): Result<CompetitionLeaderboard> {
    const { engine, snapshot } = this.built();
    const competition = snapshot.competitions.find((c) => c.id === competitionId);
    if (!competition) return fail('not_found', `no competition ${competitionId} on this trip`);
    const override = (this.docs('competition') as Doc[]).find((c) => c.id === competitionId)?.allowancePercent;
    const allowance = typeof override === 'number' ? { allowancePercent: override } : {};
    if (competition.format !== 'team_match') {
      const board = engine.tournament(competitionId, allowance);
      return board.ok ? ok({ kind: 'tournament', ...board.value }) : board;
    }
    return this.cached(`competition|${competitionId}`, ['match', 'competition'], competition.roundIds, () => {
      const matches = (this.docs('match') as Doc[])
        .filter((m) => m.competitionId === competitionId && typeof m.id === 'string' && m._deleted !== true)
        .map((m) => ({ id: m.id, roundId: m.roundId, format: m.format, sideA: m.sideA, sideB: m.sideB, points: m.points, ...allowance }) as TeamMatch)
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      const board = engine.teamMatch(matches);
      if (!board.ok) return board;
      return ok({ kind: 'team_match' as const, competitionId, name: competition.name, format: competition.format, roundIds: competition.roundIds, ...board.value });
    });
  }

  /** As {@link teamRoundBoard}. */
  teamRoundBoard(roundId: string, options: { basis?: TeamRoundBasis } = {}): Result<TeamRoundLeaderboard> {
    return this.cached(`teams|${roundId}|${options.basis ?? 'net'}`, ['teamcard', 'teamscore'], [roundId], () => teamRoundBoardOf({ ...this.lists, score: this.scoreList() }, roundId, options));
  }

  /** As `sideGameState` (games.ts). */
  sideGameState(gameId: string): Result<SideGameState> {
    const game = (this.docs('sidegame') as Doc[]).find((g) => g.id === gameId) as unknown as SideGameDoc | undefined;
    if (!game) return fail('not_found', `no side game ${gameId} on this trip`);
    return this.cached(`side|${gameId}`, ['sidegame'], [game.roundId], () => {
      const data = this.roundData(game.roundId);
      return data.ok ? sideGameStateOf(game, data.value) : data;
    });
  }

  /** As `pointGameState` (games.ts): a team's point game in a round. */
  pointGameState(roundId: string, team: string): Result<PointGameView> {
    return this.cached(`point|${roundId}|${team}`, ['pointgame'], [roundId], () => {
      const data = this.roundData(roundId);
      if (!data.ok) return data;
      const game = (this.docs('pointgame') as unknown as PointGameDoc[]).find((g) => g.roundId === roundId && g.team === team);
      if (!game) return fail('not_found', `team ${team} has no point game in this round`);
      return pointGameView(game, data.value);
    });
  }

  private roundData(roundId: string): Result<RoundData> {
    const round = (this.docs('round') as Doc[]).find((r) => r.id === roundId) as unknown as RoundDoc | undefined;
    if (!round) return fail('round_not_found', `no round ${roundId} on this trip`);
    const scores = (this.docs('score') as Doc[]).filter((s) => s.roundId === roundId) as unknown as ScoreDoc[];
    return ok(roundDataOf(round, this.docs('scorecard') as unknown as ScorecardDoc[], scores));
  }

  /** `compute()` again only when a document type in `types`, an engine input, or a score of `rounds` changed. */
  private cached<T>(key: string, types: readonly string[], rounds: readonly string[], compute: () => T): T {
    const stamp = [...ENGINE_TYPES, ...types].map((t) => this.versions.get(t) ?? 0).join(',') + '|' + rounds.map((r) => this.roundVersions.get(r) ?? 0).join(',');
    const hit = this.memo.get(key);
    if (hit && hit.stamp === stamp) return hit.value as T;
    const value = compute();
    this.memo.set(key, { stamp, value });
    return value;
  }

  /** The engine over the current documents (built again after a change of players, rounds, scorecards, competitions). */
  private built(): { engine: LeaderboardEngine; snapshot: TripSnapshot } {
    if (!this.engine) {
      const snapshot = fromDocs(LEADERBOARD_DOC_TYPES.flatMap((t) => this.docs(t)));
      this.engine = { engine: createLeaderboardEngine(snapshot), snapshot };
    }
    return this.engine;
  }

  /** Takes a new list of a type; answers the rounds whose scores changed (scores only). */
  private apply(type: string, docs: Doc[]): string[] {
    if (type !== 'score') {
      this.lists[type] = docs;
      this.versions.set(type, (this.versions.get(type) ?? 0) + 1);
      if (ENGINE_TYPES.has(type)) this.engine = null;
      return [];
    }
    const changed = new Set<string>();
    const seen = new Set<string>();
    for (const doc of docs) {
      seen.add(doc._id);
      for (const r of this.takeScore(doc._id, doc)) changed.add(r);
    }
    for (const id of [...this.scoreSigs.keys()]) if (!seen.has(id)) for (const r of this.takeScore(id, null)) changed.add(r);
    return this.bump(changed);
  }

  /** One score changed (`null`: deleted); answers the rounds whose scores changed. */
  private applyScore(id: string, doc: Doc | null): string[] {
    return this.bump(new Set(this.takeScore(id, doc)));
  }

  private bump(changed: Set<string>): string[] {
    for (const r of changed) this.roundVersions.set(r, (this.roundVersions.get(r) ?? 0) + 1);
    return [...changed];
  }

  /** Takes one score's new version (`null`: gone) into the list and the engine; answers the rounds it touched. */
  private takeScore(id: string, doc: Doc | null): string[] {
    const before = this.scoreSigs.get(id);
    if (!doc) {
      if (!before) return [];
      this.scoreSigs.delete(id);
      this.scores.delete(id);
      this.scoreArray = null;
      this.engine?.engine.removeScore(id);
      return [before.roundId];
    }
    const sig = scoreSig(doc);
    this.scores.set(id, doc);
    this.scoreArray = null;
    if (before?.sig === sig) return [];
    this.scoreSigs.set(id, { sig, roundId: text(doc.roundId) });
    // A score no longer valid counts as gone, as `fromDocs` reads the list.
    if (isValidScore(doc)) this.engine?.engine.applyScore(doc);
    else this.engine?.engine.removeScore(id);
    return before && before.roundId !== text(doc.roundId) ? [before.roundId, text(doc.roundId)] : [text(doc.roundId)];
  }
}
