/**
 * Corrections: pick a round, then a player's card, then any hole (picked up included); set its value with a reason,
 * see what it changes, apply. Each hole shows its full history. The choice is in the address
 * (`?round=…&card=…&hole=…`), so the control room links straight to a hole (`?card=<scorecardId>&hole=<n>`).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { SelectField } from '../../../common/field.js';
import { plural } from '../../../common/format.js';
import { useRounds, type Round } from '../../api/rounds.js';
import { useScorecardScores, type ScorecardScores } from '../../api/score-fixes.js';
import type { Trip } from '../../api/types.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import { QueryView } from '../../ui/query-view.js';
import type { Names } from './disputes-inbox.js';
import { FixForm } from './fix-form.js';
import { HoleHistory } from './hole-history.js';
import { strokesLong, strokesText } from './score-words.js';

const STATE: Record<Round['state'], string> = { draft: 'draft', ready: 'ready', in_progress: 'in play', completed: 'completed' };

/** The round of a scorecard id (`<roundId>-<playerId>`; ids have no dash). */
export const roundOfCard = (scorecardId: string) => scorecardId.split('-')[0] ?? '';

export function Corrections({ trip, names, query }: { trip: Trip; names: Names; query: URLSearchParams }) {
  const rounds = useRounds(trip.id);
  const card = query.get('card') ?? '';
  const roundId = query.get('round') ?? (card ? roundOfCard(card) : '');
  const hole = Number(query.get('hole') ?? '') || null;
  const go = (q: { round?: string; card?: string; hole?: number }) => navigate(href('tripScores', { tripId: trip.id }, { view: 'corrections', ...q }), true);

  return (
    <section aria-labelledby="corrections-title">
      <h3 id="corrections-title">Corrections</h3>
      <p class="muted">
        Change any score of any card, a picked-up hole included. Say why: the reason stays in the hole&rsquo;s history and shows on the golfer&rsquo;s
        phone. A payment already made or confirmed is never changed; a difference is settled by the next plan.
      </p>
      <QueryView query={rounds} loading="Loading the rounds…">
        {(list) => {
          const playable = list.items.filter((r) => r.state !== 'draft');
          if (playable.length === 0) {
            return (
              <div class="card empty">
                <h4>No round has scores yet</h4>
                <p>Scores can be corrected once a round is ready (its scorecards exist).</p>
              </div>
            );
          }
          const round = playable.find((r) => r.id === roundId) ?? null;
          const players = round ? round.playerIds.map((id) => ({ id, name: names.player(id) })).sort((a, b) => a.name.localeCompare(b.name)) : [];
          return (
            <>
              <div class="fix-pickers">
                <SelectField
                  id="fix-round"
                  label="Round"
                  value={round?.id ?? ''}
                  onValue={(v) => go({ round: v })}
                  options={[{ value: '', label: 'Choose a round' }, ...playable.map((r) => ({ value: r.id, label: `${r.name} (${STATE[r.state]})` }))]}
                />
                <SelectField
                  id="fix-card"
                  label="Player’s card"
                  value={round && card.startsWith(`${round.id}-`) ? card : ''}
                  onValue={(v) => go({ round: round?.id, card: v })}
                  options={[{ value: '', label: round ? 'Choose a player' : 'Choose a round first' }, ...players.map((p) => ({ value: `${round!.id}-${p.id}`, label: p.name }))]}
                />
              </div>
              {round && card.startsWith(`${round.id}-`) ? (
                <CardView key={card} trip={trip} round={round} scorecardId={card} hole={hole} names={names} onHole={(h) => go({ round: round.id, card, hole: h })} />
              ) : null}
            </>
          );
        }}
      </QueryView>
    </section>
  );
}

function CardView({ trip, round, scorecardId, hole, names, onHole }: { trip: Trip; round: Round; scorecardId: string; hole: number | null; names: Names; onHole: (h: number) => void }) {
  const scores = useScorecardScores(trip.id, scorecardId);
  const player = names.player(scorecardId.slice(round.id.length + 1));
  return (
    <QueryView query={scores} loading="Loading the card…">
      {(c) => (
        <>
          <div class="card fix-card">
            <h4>
              {player}&rsquo;s card, {round.name}
            </h4>
            <p class="muted">
              {c.thru ? `Thru ${c.thru}: gross ${c.gross}, net ${c.net}, ${plural(c.points, 'Stableford point')}.` : 'No score yet.'} Choose a hole to correct it
              and see its history.
            </p>
            {c.roundState === 'completed' ? <p class="notice warn">This round is completed: a correction needs a reason, and the money of its games moves with it.</p> : null}
            <HoleGrid card={c} selected={hole} onHole={onHole} />
            <p class="muted small hole-legend">PU: picked up · amber: two phones disagree · ✎: corrected by an organizer</p>
          </div>
          {hole && hole <= c.holes ? <HolePanel key={`${scorecardId}-${hole}`} trip={trip} card={c} hole={hole} player={player} names={names} /> : null}
        </>
      )}
    </QueryView>
  );
}

function HoleGrid({ card, selected, onHole }: { card: ScorecardScores; selected: number | null; onHole: (h: number) => void }) {
  const byHole = new Map(card.items.map((s) => [s.hole, s] as const));
  const par = new Map(card.perHole.map((h) => [h.hole, h.par] as const));
  return (
    <ol class="hole-grid" aria-label="Holes">
      {Array.from({ length: card.holes }, (_, i) => i + 1).map((h) => {
        const s = byHole.get(h);
        const marks = [s?.disputed ? 'disputed' : '', s?.reason ? 'corrected' : ''].filter(Boolean);
        return (
          <li key={h}>
            <button
              type="button"
              class={`hole-cell${h === selected ? ' selected' : ''}${s?.disputed ? ' disputed' : ''}${s?.reason ? ' corrected' : ''}`}
              aria-pressed={h === selected}
              onClick={() => onHole(h)}
            >
              <span class="visually-hidden">{`Hole ${h}: ${s ? strokesLong(s.strokes) : 'no score'}${marks.length ? `, ${marks.join(', ')}` : ''}`}</span>
              <span class="hole-no" aria-hidden="true">
                {h}
              </span>
              <span class="hole-val" aria-hidden="true">
                {s ? (s.strokes === null ? 'PU' : s.strokes) : '·'}
              </span>
              <span class="hole-par" aria-hidden="true">
                par {par.get(h) ?? '—'}
              </span>
              {s?.reason ? (
                <span class="hole-mark" aria-hidden="true">
                  ✎
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ol>
  );
}

function HolePanel({ trip, card, hole, player, names }: { trip: Trip; card: ScorecardScores; hole: number; player: string; names: Names }) {
  const score = card.items.find((s) => s.hole === hole);
  const [round, setRound] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const ref = useRef<HTMLElement>(null);
  // Opened from a link (the control room) or a hole of the grid: bring the hole into view.
  useEffect(() => ref.current?.scrollIntoView?.({ block: 'nearest' }), []);
  return (
    <section ref={ref} class="card fix-card hole-panel" aria-labelledby="hole-panel-title">
      <h4 id="hole-panel-title">
        Hole {hole}, {player}
      </h4>
      <p>
        Now: <strong>{score ? strokesLong(score.strokes) : 'no score'}</strong>
        {score?.disputed ? ' — two phones disagree on this hole.' : ''}
      </p>
      {done ? (
        <p class="notice" role="status">
          {done}
        </p>
      ) : null}
      <FixForm
        key={round}
        tripId={trip.id}
        roundId={card.roundId}
        target={{ scorecardId: card.scorecardId, hole, dispute: false }}
        playerName={player}
        currency={trip.currency}
        nameOf={names.player}
        current={score ? score.strokes : undefined}
        onApplied={(s) => {
          setRound((n) => n + 1);
          setDone(`Hole ${hole} of ${player} is now ${strokesText(s.strokes)}. The boards, games and money follow; the golfer's phone gets it at its next sync.`);
        }}
      />
      <HoleHistory tripId={trip.id} scorecardId={card.scorecardId} hole={hole} playerName={player} hasScore={!!score} />
    </section>
  );
}
