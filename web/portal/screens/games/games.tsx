/**
 * The point game (issue 15, screen 4; the "40-point game" of issue 4): after each hole the captain picks how many
 * of the team's net scores count, and which, within the allowed range of the hole, and sees why a count is out of
 * range. The state is computed on the phone (LiveBoards → `pointGameView`, the server's shared code). A pick is a
 * local write: checked on the phone with the server's rule (`planPointGamePick`), written with `trip.putDoc` (no
 * signal needed, shown at once), pushed by sync when there is signal; the gateway's write rule has the last word
 * and a refusal is shown here with its reason. Everyone else on the team sees the game read-only.
 * Route: `games/<roundId>`.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { PointGameView } from '../../../../shared/domain/games/state/index.js';
import { href } from '../../router.js';
import { useOnline, useStatus, useTrip } from '../../state/hooks.js';
import type { ScreenProps } from '../../router.js';
import { planPointGamePick } from '../../../../sync/device/games.js';
import { liveBoardsOf, useLive, useLiveDocs, useReady } from '../leaderboards/live.js';
import { countProblem, rangeOf, type HoleFacts } from './reasons.js';
import { useReplacedPicks, watchReplacedPicks } from './lost.js';

type Doc = Record<string, unknown> & { id: string };
interface GameDoc {
  _id: string;
  id: string;
  roundId: string;
  team: string;
  captainId: string;
  playerIds: string[];
  updatedAt?: string;
}

export function GamesScreen({ route }: ScreenProps) {
  const { trip, kept } = useTrip();
  const live = liveBoardsOf(trip);
  watchReplacedPicks(trip);
  const ready = useReady(live);
  const structure = useLiveDocs(live, ready, ['pointgame', 'round', 'player']);
  const me = kept.playerId;
  const { mine, rounds, names } = useMemo(() => {
    const games = (live.docs('pointgame') as unknown as GameDoc[]).filter((g) => g.playerIds.includes(me));
    const rounds = new Map((live.docs('round') as unknown as Doc[]).map((r) => [r.id, r] as const));
    const names = new Map((live.docs('player') as unknown as Doc[]).map((p) => [p.id, String(p.name ?? p.id)] as const));
    return { mine: games, rounds, names };
  }, [ready, structure]);
  const roundId = route.rest[0] ?? mine.find((g) => rounds.get(g.roundId)?.state === 'in_progress')?.roundId ?? mine[0]?.roundId;
  const game = mine.find((g) => g.roundId === roundId);
  const result = useLive(live, ready && !!game, `pointgame/${roundId}/${game?.team}`, () => (game ? live.pointGameState(game.roundId, game.team) : undefined));

  if (!ready) return <p role="status">Reading the point game on this phone…</p>;
  return (
    <section class="pointgame" aria-labelledby="pg-title">
      <h1 id="pg-title">Point game</h1>
      {mine.length > 1 && (
        <nav aria-label="Rounds">
          <ul class="chips">
            {mine.map((g) => (
              <li key={g.id}>
                <a class={g.roundId === roundId ? 'chip on' : 'chip'} href={href(kept.key, 'games', g.roundId)} aria-current={g.roundId === roundId ? 'page' : undefined}>
                  {String(rounds.get(g.roundId)?.name ?? g.roundId)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {!game ? (
        <p data-testid="no-point-game">Your team has no point game {roundId ? 'in this round' : 'yet'}. Your organizer sets it up.</p>
      ) : result === undefined ? (
        <p role="status">Computing…</p>
      ) : !result.ok ? (
        <p class="error-text" role="alert">
          {result.failure.code === 'conflict' ? result.failure.message : 'The game is not complete on this phone yet: it arrives with the next sync.'}
        </p>
      ) : (
        <Game key={game.id} game={game} local={result.value} names={names} me={me} round={rounds.get(game.roundId)} />
      )}
    </section>
  );
}

function Game({ game, local: view, names, me, round }: { game: GameDoc; local: PointGameView; names: Map<string, string>; me: string; round: Doc | undefined }) {
  const { trip, kept } = useTrip();
  const online = useOnline();
  const status = useStatus();
  /** The gateway's refusal of this game's pick, if any (the phone keeps its version; the captain needs to know). */
  const refused = status.refused.find((r) => r.docId === game._id);
  /** Holes whose pick made here lost to a newer version on the server (sync keeps the server's). */
  const replaced = useReplacedPicks(trip, game._id);
  const s = view.state;
  const name = (id: string) => names.get(id) ?? id;
  const captain = game.captainId === me;
  const hole = s.currentHole;
  const draft = s.perHole.find((h) => h.hole === hole && !h.confirmed);
  const [picked, setPicked] = useState<string[]>(draft?.playerIds ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (replaced.holes.length > 0) setNotice(null); // "saved" no longer holds for those holes
  }, [replaced.holes.join(',')]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setPicked(draft?.playerIds ?? []);
    setProblem(null);
  }, [hole, draft?.playerIds.join(',')]);

  const facts: HoleFacts | null =
    hole === null || s.currentPosition === null
      ? null
      : { hole, position: s.currentPosition, holes: view.config.holes, teamSize: view.config.teamSize, targetCount: view.config.targetCount, remaining: s.remaining, selectable: s.selectable.length };
  const net = (p: string) => (hole === null ? undefined : view.netScores[p]?.[String(hole)]);
  /** The lowest net scores of the hole first: the pick a captain usually wants for a count. */
  const bestFirst = [...s.selectable].sort((a, b) => (net(a) ?? 99) - (net(b) ?? 99) || game.playerIds.indexOf(a) - game.playerIds.indexOf(b));

  const pickCount = (n: number) => {
    if (!facts) return;
    const why = countProblem(facts, n);
    setNotice(null);
    setProblem(why);
    if (!why) setPicked(bestFirst.slice(0, n));
  };
  const toggle = (p: string) => {
    setNotice(null);
    setProblem(null);
    setPicked((now) => (now.includes(p) ? now.filter((x) => x !== p) : [...now, p]));
  };
  const send = async (confirm: boolean) => {
    if (!facts || hole === null) return;
    setNotice(null);
    const why = countProblem(facts, picked.length);
    if (why) return setProblem(why);
    setBusy(true);
    try {
      // The server's rules first, on the phone: a refusal is shown without a round trip (and without signal).
      const plan = await planPointGamePick(trip, game.roundId, me, { hole, playerIds: picked, confirm }, new Date().toISOString());
      if (!plan.ok) return setProblem(plan.failure.message);
      setProblem(null);
      // Written on the phone: shown at once (the live boards take the change), pushed by sync when there is signal.
      await trip.putDoc(plan.value.doc);
      if (refused) trip.dismissRefused(game._id);
      const what = confirm ? `Hole ${hole} confirmed: ${picked.length} score${picked.length === 1 ? '' : 's'} count.` : `Draft for hole ${hole} saved.`;
      setNotice(navigator.onLine ? what : `${what} Saved on this phone: it reaches the server when the phone has signal.`);
    } catch (err) {
      setProblem(`Not saved: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  };

  const range = facts ? rangeOf(facts) : null;
  return (
    <div data-testid="point-game" data-captain={captain ? 'true' : 'false'}>
      <p>
        <strong>{game.team}</strong> · {String(round?.name ?? '')} · captain {name(game.captainId)}
        {captain ? ' (you)' : ''}
      </p>
      <dl class="pg-stats" aria-live="polite">
        <div>
          <dt>Counted</dt>
          <dd data-testid="pg-counted">{`${s.countedSoFar} / ${view.config.targetCount}`}</dd>
        </div>
        <div>
          <dt>Net total</dt>
          <dd data-testid="pg-total">{s.runningTotal}</dd>
        </div>
        <div>
          <dt>Still to count</dt>
          <dd data-testid="pg-remaining">{s.remaining}</dd>
        </div>
      </dl>
      {!s.canComplete && !s.complete && (
        <p class="error-text" role="alert">
          The target of {view.config.targetCount} can no longer be reached exactly.
        </p>
      )}
      {hole === null ? (
        <p class="card" data-testid="pg-complete">
          Every hole is confirmed{s.complete ? `: ${s.countedSoFar} scores counted, net total ${s.runningTotal}.` : '.'}
        </p>
      ) : (
        <div class="card" data-testid="pg-current" data-hole={hole}>
          <h2>Hole {hole}</h2>
          <p data-testid="pg-range" data-min={range!.min} data-max={range!.max}>
            Allowed: <strong>{range!.min === range!.max ? `exactly ${range!.min}` : `${range!.min} to ${range!.max}`}</strong> score{range!.max === 1 ? '' : 's'} on this hole.
          </p>
          {captain ? (
            <>
              <fieldset class="counts">
                <legend>How many count</legend>
                <div class="count-row">
                  {Array.from({ length: view.config.teamSize + 1 }, (_, n) => {
                    const why = countProblem(facts!, n);
                    return (
                      <button type="button" key={n} class={why ? 'count out' : picked.length === n ? 'count on' : 'count secondary'} aria-pressed={picked.length === n} aria-describedby={why ? 'pg-out-note' : undefined} data-count={n} data-allowed={why ? 'false' : 'true'} onClick={() => pickCount(n)}>
                        {n}
                        {why && <span class="visually-hidden"> (not allowed)</span>}
                      </button>
                    );
                  })}
                </div>
                <p id="pg-out-note" class="muted small">
                  Struck-through counts cannot be picked now (outside the range, or not enough net scores yet); tap one to see why.
                </p>
              </fieldset>
              <fieldset>
                <legend>Scores that count</legend>
                <ul class="list">
                  {game.playerIds.map((p) => {
                    const n = net(p);
                    return (
                      <li key={p}>
                        <label class="pick" for={`pg-${p}`}>
                          <input id={`pg-${p}`} type="checkbox" checked={picked.includes(p)} disabled={n === undefined} onChange={() => toggle(p)} data-player={p} />
                          <span>{name(p)}</span>
                          <span class="net">{n === undefined ? 'no score yet' : `net ${n}`}</span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
              {problem && (
                <p class="error-text" role="alert" data-testid="pg-problem">
                  {problem}
                </p>
              )}
              {notice && (
                <p role="status" data-testid="pg-notice">
                  {notice}
                </p>
              )}
              {refused && (
                <p class="error-text" role="alert" data-testid="pg-refused">
                  The server refused this game's last pick: {refused.reason}. The pick stays on this phone only; check with your organizer.
                </p>
              )}
              {replaced.holes.length > 0 && (
                <div class="error-text" role="alert" data-testid="pg-replaced" data-holes={replaced.holes.join(',')}>
                  <p>
                    The game changed on the server while your pick for hole{replaced.holes.length === 1 ? '' : 's'} {replaced.holes.join(', ')} waited on this phone, so the server's version
                    is kept: your pick there was not applied. Check the holes below and pick again if needed.
                  </p>
                  <button type="button" class="secondary" onClick={replaced.dismiss} data-testid="pg-replaced-ok">
                    Understood
                  </button>
                </div>
              )}
              {!online && <p class="muted" data-testid="pg-offline">No signal: picks are saved on this phone and reach the server when it is back online.</p>}
              <div class="row pg-actions">
                <button type="button" class="secondary" disabled={busy} onClick={() => send(false)} data-testid="pg-save">
                  Save draft
                </button>
                <button type="button" disabled={busy} onClick={() => send(true)} data-testid="pg-confirm">
                  Confirm hole {hole}
                </button>
              </div>
            </>
          ) : (
            <p data-testid="pg-readonly">
              {draft ? `Draft: ${draft.playerIds.map(name).join(', ') || 'no scores'}. ` : 'Nothing picked yet. '}
              Only the captain, {name(game.captainId)}, picks the scores that count.
            </p>
          )}
        </div>
      )}
      <h2>Holes</h2>
      {s.perHole.length === 0 ? (
        <p class="muted">No hole picked yet.</p>
      ) : (
        <table data-testid="pg-holes">
          <thead>
            <tr>
              <th scope="col">Hole</th>
              <th scope="col">Counted</th>
              <th scope="col" class="num">Net</th>
            </tr>
          </thead>
          <tbody>
            {s.perHole.map((h) => (
              <tr key={h.hole} data-hole={h.hole} data-confirmed={h.confirmed ? 'true' : 'false'}>
                <th scope="row">
                  {h.hole}
                  {!h.confirmed && <span class="badge warn"> draft</span>}
                </th>
                <td>{h.playerIds.map(name).join(', ') || '—'}</td>
                <td class="num">{h.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p>
        <a href={href(kept.key, 'leaderboards', 'points', game.roundId)}>All teams' point games</a>
      </p>
    </div>
  );
}
