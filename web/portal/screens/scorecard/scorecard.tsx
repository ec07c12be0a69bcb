/**
 * The scorecard of my group, hole by hole (`scorecard/<roundId>/<hole>`): par and stroke index, strokes received,
 * big −/+ buttons starting at par, "picked up" (WHS 3.1b), running gross/net/points and to-par for everyone, a hole
 * strip to jump anywhere, and a badge on a hole two phones scored differently. Every tap is a local write.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { formatToPar, type HoleInfo } from '../../../../shared/domain/golf/card.js';
import type { PlayerDoc } from '../../../../shared/schemas/player.js';
import type { RoundDoc, ScoreDoc, ScorecardDoc } from '../../../../shared/schemas/round.js';
import { scoreDispute } from '../../../../sync/device/index.js';
import type { ScreenProps } from '../../router.js';
import { useDocs, useTrip } from '../../state/hooks.js';
import { useShortNames } from '../../state/names.js';
import { href, navigate } from '../../router.js';
import { currentRound, groupCards, tripNow } from '../home/rounds.js';
import { useGroupScores, useMemoViews, useScoreWriter, type CardView } from './card-data.js';
import { DisputeNote } from './dispute.js';
import { groupSides, SidesBanner } from './sides.js';
import { formatAllowance } from '../../../../shared/domain/rounds.js';
import { formatPlaying } from '../../../common/handicap.js';
import type { TeamcardDoc } from '../../../../shared/schemas/games.js';
import './scorecard.css';

const NO_HOLES: HoleInfo[] = [];

export function ScorecardScreen({ route }: ScreenProps) {
  const { trip, kept } = useTrip();
  const rounds = useDocs<RoundDoc>('round');
  const cards = useDocs<ScorecardDoc>('scorecard');
  const players = useDocs<PlayerDoc>('player');
  const teamcards = useDocs<TeamcardDoc>('teamcard');
  const shortNames = useShortNames();
  const me = kept.playerId;
  const organizer = kept.session.player.role === 'organizer';
  const [roundParam, holeParam] = route.rest;
  const round = rounds && (roundParam ? rounds.find((r) => r.id === roundParam) : currentRound(rounds, me, tripNow(kept.session.trip.timezone).date));
  const [pickedGroup, setPickedGroup] = useState<string | null>(null);

  const myGroup = round?.groups.find((g) => g.playerIds.includes(me));
  const group = round?.groups.find((g) => g.id === pickedGroup) ?? myGroup ?? (round && !myGroup ? round.groups[0] : undefined);
  const groupCardList = useMemo(() => (round && group && cards ? groupCards(round, group, cards) : []), [round, group, cards]);
  const stored = useGroupScores(trip, groupCardList.map((c) => c.id));
  const { optimistic, enter, settle, error } = useScoreWriter(trip, kept.key, stored);
  const holes = round?.course?.holes ?? NO_HOLES;
  const views = useMemoViews(groupCardList, holes, stored, optimistic);

  // Playing order from the starting hole (a shotgun start begins on the group's own hole); the default hole is the
  // next one to play: the first in that order where a player of the card still in the round has no score.
  const start = Math.min(Math.max(group?.startingHole ?? 1, 1), Math.max(holes.length, 1));
  const order = holes.map((_, i) => ((start - 1 + i) % holes.length) + 1);
  const playing = views?.filter((v) => !v.card.outOfPlay) ?? [];
  const complete = (h: number) => playing.length > 0 && playing.every((v) => v.scores.has(h));
  const fromRoute = Number(holeParam);
  const hole = Number.isInteger(fromRoute) && fromRoute >= 1 && fromRoute <= holes.length ? fromRoute : (order.find((h) => !complete(h)) ?? order[order.length - 1] ?? 1);
  // A bare `scorecard` route follows the scores on the phone until its copy is up to date (another phone's scores
  // may arrive by sync after the card opened: a second scorer's first visit), so it lands on the next hole to play;
  // then the hole is pinned in the route and stays put as scores come in (never moved under a golfer's finger).
  // A tap pins it at once; no signal pins it after a short wait (nothing more can arrive).
  const [upToDate, setUpToDate] = useState(false);
  const bare = !holeParam;
  useEffect(() => {
    if (!bare) return;
    let alive = true;
    setUpToDate(false);
    trip
      .awaitInSync({ timeoutMs: 8000 })
      .catch(() => undefined)
      // The documents the pull wrote reach the screen's queries a moment after the sync resolves.
      .then(() => new Promise((resolve) => setTimeout(resolve, 150)))
      .then(() => alive && setUpToDate(true));
    return () => {
      alive = false;
    };
  }, [trip, round?.id, bare]);
  const pin = round && bare && upToDate && views && round.state !== 'draft' && holes.length > 0 ? href(kept.key, 'scorecard', round.id, String(hole)) : null;
  useEffect(() => {
    if (pin) navigate(pin, true);
  }, [pin]);
  const pinHole = () => {
    if (round && bare) navigate(href(kept.key, 'scorecard', round.id, String(hole)), true);
  };
  // Leaving a hole (another hole, another group, another screen) settles what was tapped on it: one entry.
  useEffect(() => () => void settle(), [hole, group?.id, round?.id]);

  if (!rounds || !cards || !players) return <p role="status">Loading the scorecard…</p>;
  if (!round) return <section><h1>Scorecard</h1><p>{roundParam ? 'This round is not on this phone (yet).' : 'No round to score yet.'}</p></section>;
  if (round.state === 'draft' || holes.length === 0) {
    return <section><h1>{round.name}</h1><p>{round.state === 'draft' ? 'The organizer has not opened this round for scoring yet.' : 'This round has no course with holes yet: ask your organizer.'}</p></section>;
  }
  const name = (id: string) => players.find((p) => p.id === id)?.name ?? 'Player';
  // Where space is tight (a row beside the buttons, the totals, the group menu): the name that tells players apart.
  const short = (id: string) => shortNames?.get(id) ?? name(id);
  const inGroup = !!group && group.playerIds.includes(me);
  const open = round.state === 'ready' || round.state === 'in_progress';
  // Marked out of the round by the organizer (issue 34): a no-show or a withdrawal; the holes played stay.
  const myOut = cards.find((c) => c.roundId === round.id && c.playerId === me)?.outOfPlay;
  const canEdit = open && (inGroup || organizer) && (!myOut || organizer);
  const why = !open
    ? 'This round is completed: ask your organizer to correct a score.'
    : myOut
      ? `You are out of this round: ${myOut.kind === 'no_show' ? 'marked a no-show' : `withdrawn after ${myOut.afterHole} ${myOut.afterHole === 1 ? 'hole' : 'holes'}`} by your organizer.${myOut.afterHole ? ' The holes you played stay as they are.' : ''} Ask your organizer if this is wrong.`
      : !canEdit
        ? 'You can only enter scores for your own group.'
        : null;

  const info = holes[hole - 1]!;
  const at = order.indexOf(hole);
  const go = (h: number) => navigate(href(kept.key, 'scorecard', round.id, String(h)), true);

  return (
    <section class="scorecard" aria-labelledby="card-title">
      <div class="card-head">
        <h1 id="card-title">{round.name}</h1>
        {(organizer || !myGroup) && round.groups.length > 1 && (
          <>
            <label for="group-pick" class="visually-hidden">Group</label>
            <select id="group-pick" value={group?.id} onChange={(e) => setPickedGroup((e.target as HTMLSelectElement).value)}>
              {round.groups.map((g) => (
                <option key={g.id} value={g.id}>Group {g.number}: {g.playerIds.map(short).join(', ')}</option>
              ))}
            </select>
          </>
        )}
      </div>
      {views && <SidesBanner sides={groupSides(teamcards, round.id, group?.id)} views={views} holes={holes} hole={hole} me={me} name={name} allowance={views[0]?.card.handicap.allowancePercent ?? formatAllowance(round.format)} />}
      {why && <p class="notice" data-testid="read-only">{why}</p>}
      <HoleStrip holes={holes} order={order} current={hole} views={views} onPick={go} />
      <div class="hole-head" data-testid="hole-head" data-hole={hole}>
        <h2>Hole {hole}</h2>
        <span>Par <strong data-testid="hole-par">{info.par}</strong></span>
        <span>SI <strong>{info.strokeIndex}</strong></span>
      </div>
      {error && <p class="error-text" role="alert">{error}</p>}
      {!views ? (
        <p role="status">Loading scores…</p>
      ) : views.length === 0 ? (
        <p>No scorecards for this group yet.</p>
      ) : (
        <ul class="players" aria-label={`Scores on hole ${hole}`}>
          {views.map((v) => (
            <PlayerHole key={v.card.id} view={v} hole={hole} par={info.par} name={v.card.outOfPlay ? `${name(v.card.playerId)} (${v.card.outOfPlay.kind === 'no_show' ? 'no-show' : 'withdrawn'})` : name(v.card.playerId)}
              shortName={v.card.outOfPlay ? `${short(v.card.playerId)} (${v.card.outOfPlay.kind === 'no_show' ? 'no-show' : 'withdrawn'})` : short(v.card.playerId)} me={v.card.playerId === me} canEdit={canEdit && (!v.card.outOfPlay || organizer)} nameOf={name} deviceId={trip.deviceId}
              onEnter={(strokes) => {
                pinHole();
                enter({ scorecardId: v.card.id, roundId: round.id, playerId: v.card.playerId, hole, strokes });
              }} />
          ))}
        </ul>
      )}
      <nav class="hole-nav" aria-label="Holes">
        <button type="button" class="secondary" disabled={at <= 0} onClick={() => go(order[at - 1]!)} data-testid="prev-hole">{at > 0 ? `← Hole ${order[at - 1]}` : '← Back'}</button>
        <button type="button" disabled={at >= order.length - 1} onClick={() => go(order[at + 1]!)} data-testid="next-hole">{at < order.length - 1 ? `Hole ${order[at + 1]} →` : 'Last hole'}</button>
      </nav>
      {views && views.length > 0 && <Totals views={views} name={short} />}
    </section>
  );
}

function HoleStrip({ holes, order, current, views, onPick }: { holes: readonly HoleInfo[]; order: number[]; current: number; views: CardView[] | undefined; onPick: (h: number) => void }) {
  useEffect(() => {
    document.querySelector(`[data-strip-hole="${current}"]`)?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [current]);
  return (
    <ol class="hole-strip" aria-label="Go to hole" data-testid="hole-strip">
      {order.map((h) => {
        const entered = views?.filter((v) => v.scores.has(h)).length ?? 0;
        const all = !!views && views.length > 0 && entered === views.length;
        const disputed = views?.some((v) => (v.scores.get(h) as ScoreDoc | undefined)?.disputed === true) ?? false;
        const state = disputed ? 'disputed' : all ? 'all scores in' : entered > 0 ? `${entered} of ${views!.length} scores` : 'no scores';
        return (
          <li key={h}>
            <button type="button" class={`strip-hole${h === current ? ' current' : ''}${all ? ' done' : ''}${disputed ? ' disputed' : ''}`} data-strip-hole={h} aria-current={h === current ? 'step' : undefined}
              aria-label={`Hole ${h}, par ${holes[h - 1]!.par}, ${state}`} onClick={() => onPick(h)}>
              <span>{h}</span>
              <small aria-hidden="true">{disputed ? '!' : all ? '✓' : entered > 0 ? '·' : ''}</small>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

interface PlayerHoleProps {
  view: CardView;
  hole: number;
  par: number;
  /** The full name, for labels read aloud. */
  name: string;
  /** The name shown: the shortest that tells this player from the trip's others. */
  shortName: string;
  me: boolean;
  canEdit: boolean;
  deviceId: string;
  nameOf: (id: string) => string;
  onEnter: (strokes: number | null) => void;
}

function PlayerHole({ view, hole, par, name, shortName, me, canEdit, deviceId, nameOf, onEnter }: PlayerHoleProps) {
  const score = view.scores.get(hole);
  const line = view.lines.perHole[hole - 1];
  const received = line?.strokesReceived ?? 0;
  const entered = score !== undefined;
  const pickedUp = entered && score.strokes === null;
  const base = score?.strokes ?? par;
  const shown = pickedUp ? 'PU' : String(base);
  const id = `p-${view.card.playerId}-${hole}`;
  const dispute = score && 'disputed' in score ? scoreDispute(score) : null;
  const toPar = view.lines.thru === 0 ? null : view.lines.net - view.parPlayed;
  return (
    <li class={`player-hole${me ? ' me' : ''}`} data-testid="player-hole" data-player={view.card.playerId} data-strokes={entered ? (score.strokes ?? 'pickup') : ''} data-pending={score && 'pending' in score ? 'true' : undefined}>
      <div class="who">
        <h3 id={id} data-testid="player-name">
          <span aria-hidden="true">{shortName}</span>
          <span class="visually-hidden">{name}</span>
          {me && <span class="me-tag"> (me)</span>}
        </h3>
        <span class="received" data-testid="strokes-received" data-received={received}>
          {received > 0 ? <><span aria-hidden="true">{'●'.repeat(Math.min(received, 3))}</span> gets {received}</> : received < 0 ? <>gives {-received} back</> : <span class="muted">no stroke</span>}
          {received > 0 && <span class="visually-hidden"> {received === 1 ? 'stroke' : 'strokes'}</span>}
        </span>
      </div>
      <div class="entry" role="group" aria-labelledby={id}>
        {/* Accessible names start with what the button shows (WCAG 2.5.3), so "tap plus" finds it by voice. */}
        <button type="button" class="step" disabled={!canEdit || (entered && !pickedUp && base <= 1)} aria-label={`− one stroke less for ${name}`} data-testid="minus" onClick={() => onEnter(Math.max(1, base - 1))}>−</button>
        <button type="button" class={`value${entered ? ' set' : ' unset'}`} disabled={!canEdit} data-testid="value" data-entered={entered ? 'true' : 'false'} onClick={() => (!entered || pickedUp) && onEnter(par)}>
          <span class="visually-hidden">{name}, {entered ? 'strokes:' : 'not entered, tap to enter par:'} </span>
          <span class="num" aria-hidden={pickedUp ? 'true' : undefined}>{shown}</span>
          <small>{entered ? (pickedUp ? 'picked up' : relative(base - par)) : 'not entered'}</small>
        </button>
        <button type="button" class="step" disabled={!canEdit || (entered && !pickedUp && base >= 30)} aria-label={`+ one stroke more for ${name}`} data-testid="plus" onClick={() => onEnter(Math.min(30, base + 1))}>+</button>
        <button type="button" class={`pickup${pickedUp ? ' on' : ''}`} disabled={!canEdit || pickedUp} aria-pressed={pickedUp} data-testid="pickup" onClick={() => onEnter(null)}>Picked up</button>
      </div>
      {dispute && <DisputeNote dispute={dispute} nameOf={nameOf} deviceId={deviceId} />}
      {score && 'reason' in score && score.reason && score.enteredBy.startsWith('organizer:') && (
        <p class="correction" data-testid="correction">Corrected by the organizer: {score.reason}</p>
      )}
      <p class="running" aria-live="polite" data-testid="running">
        {view.lines.thru === 0 ? 'No score yet' : `Thru ${view.lines.thru} · Gross ${view.lines.gross} · Net ${view.lines.net} · ${view.lines.points} pts · ${formatToPar(toPar ?? 0)} net`}
      </p>
    </li>
  );
}

const relative = (d: number) => (d === 0 ? 'par' : d === -1 ? 'birdie' : d === -2 ? 'eagle' : d === 1 ? 'bogey' : d === 2 ? 'double' : d > 0 ? `+${d}` : String(d));

function Totals({ views, name }: { views: CardView[]; name: (id: string) => string }) {
  return (
    <section class="totals" aria-labelledby="totals-title">
      <h2 id="totals-title">Group totals</h2>
      <table data-testid="totals">
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col" class="num">Thru</th>
            <th scope="col" class="num">Gross</th>
            <th scope="col" class="num">Net</th>
            <th scope="col" class="num">Pts</th>
            <th scope="col" class="num">To par</th>
          </tr>
        </thead>
        <tbody aria-live="polite">
          {views.map((v) => {
            const played = v.lines.thru > 0;
            const gross = played ? formatToPar(v.lines.gross - v.parPlayed) : '–';
            const net = played ? formatToPar(v.lines.net - v.parPlayed) : '–';
            return (
              <tr key={v.card.id} data-testid="total-row" data-player={v.card.playerId} data-thru={v.lines.thru} data-gross={v.lines.gross} data-net={v.lines.net} data-points={v.lines.points}
                data-gross-to-par={played ? v.lines.gross - v.parPlayed : ''} data-net-to-par={played ? v.lines.net - v.parPlayed : ''}>
                <th scope="row">{name(v.card.playerId)}<small class="muted"> PH {v.lines.playingHandicap === null ? '–' : formatPlaying(v.lines.playingHandicap)}</small></th>
                <td class="num">{v.lines.thru}</td>
                <td class="num">{v.lines.gross}</td>
                <td class="num">{v.lines.net}</td>
                <td class="num">{v.lines.points}</td>
                <td class="num">{gross} / {net}<span class="visually-hidden"> gross / net</span></td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p class="muted small">To par: gross / net over the holes played. A picked-up hole counts net double bogey and 0 points.</p>
    </section>
  );
}
