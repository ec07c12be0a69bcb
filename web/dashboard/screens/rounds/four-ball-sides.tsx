/**
 * A four-ball round's sides on its page (issue 34): two sides of two in each group of four, made from the pairings by
 * handicap (lowest with highest against the middle two) or by choosing each group's partners, each side's better-ball
 * net as the team board counts it, and a Nassau between a group's two sides. The allowance shown is the round's, the
 * one figure the boards, the Nassau and the phones use.
 */
import { useState } from 'preact/hooks';
import { formatToPar } from '../../../../shared/domain/golf/card.js';
import { SelectField, TextField } from '../../../common/field.js';
import { parseAmount } from '../../../portal/screens/money/amount.js';
import { useCreateSideGame } from '../../api/games.js';
import { useTrip } from '../../api/queries.js';
import { useRoundHandicaps, type Round } from '../../api/rounds.js';
import { useMakeSides, useSides, type SideCard } from '../../api/sides.js';
import { href } from '../../paths.js';
import { flash } from '../../ui/flash.js';
import { formatPlaying } from '../../ui/handicap.js';

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function FourBallSides({ tripId, round, allowance }: { tripId: string; round: Round; allowance: number }) {
  const open = round.state === 'ready' || round.state === 'in_progress';
  const sides = useSides(tripId, round.id, round.state !== 'draft');
  const handicaps = useRoundHandicaps(tripId, round.id);
  const make = useMakeSides(tripId, round.id);
  const [error, setError] = useState<string | null>(null);
  const names = new Map((handicaps.data?.players ?? []).map((p) => [p.playerId, p.name] as const));
  const ph = new Map((handicaps.data?.players ?? []).map((p) => [p.playerId, p.playingHandicap] as const));
  const nameOf = (id: string) => names.get(id) ?? 'Player';
  const byGroup = new Map<string, SideCard[]>();
  for (const c of sides.data ?? []) if (c.groupId) byGroup.set(c.groupId, [...(byGroup.get(c.groupId) ?? []), c]);
  const fours = round.groups.filter((g) => g.playerIds.length === 4);

  const run = async (body: Parameters<typeof make.run>[0], done: string) => {
    setError(null);
    try {
      const r = await make.run(body);
      flash(r.skipped.length ? `${done} Groups ${r.skipped.map((s) => s.number).join(', ')} are not four players and have no sides.` : done);
    } catch (e) {
      setError(messageOf(e));
    }
  };

  return (
    <section aria-labelledby="sides-title" class="four-ball-sides">
      <h3 id="sides-title">Four-ball sides</h3>
      <p class="muted">
        Two sides of two in each group of four. On each hole the better net score of the partners counts, with strokes from each player's Playing
        Handicap at the round's allowance of {allowance} % (Course Handicap × {allowance} %, rounded; strokes by stroke index). The boards, the
        Nassau and the golfers' phones use the same figure.
      </p>
      {round.state === 'draft' ? (
        <p>Mark the round ready first: sides are scored from the handicaps frozen on the scorecards.</p>
      ) : fours.length === 0 ? (
        <p>No group of four in this round: four-ball sides need groups of four. Change the groups in Pairings.</p>
      ) : (
        <>
          {open ? (
            <div class="actions">
              <button type="button" disabled={make.pending} onClick={() => void run({ by: 'handicap' }, 'Sides paired by handicap: lowest with highest in each group.')}>
                Pair every group by handicap (lowest with highest)
              </button>
            </div>
          ) : null}
          {error ? (
            <p class="field-error" role="alert">
              {error}
            </p>
          ) : null}
          <ul class="side-groups" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {round.groups.map((g) => (
              <li key={g.id} class="card" aria-labelledby={`sides-g-${g.id}`}>
                <h4 id={`sides-g-${g.id}`}>Group {g.number}</h4>
                {g.playerIds.length !== 4 ? (
                  <p class="muted">{g.playerIds.length} players: no sides (four-ball sides need a group of four).</p>
                ) : (
                  <GroupSides
                    tripId={tripId}
                    round={round}
                    group={g}
                    cards={byGroup.get(g.id) ?? []}
                    nameOf={nameOf}
                    playing={(id) => ph.get(id) ?? null}
                    open={open}
                    busy={make.pending}
                    onPartners={(side) => void run({ by: 'organizer', sides: [side, ...otherSides(byGroup, g.id)] }, `Partners saved for group ${g.number}.`)}
                  />
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The sides already made in the other groups, kept when one group's partners change. */
function otherSides(byGroup: Map<string, SideCard[]>, groupId: string): [string, string][] {
  return [...byGroup].filter(([g]) => g !== groupId).flatMap(([, cards]) => cards.map((c) => [c.playerIds[0]!, c.playerIds[1]!] as [string, string]));
}

interface GroupSidesProps {
  tripId: string;
  round: Round;
  group: Round['groups'][number];
  cards: SideCard[];
  nameOf: (id: string) => string;
  playing: (id: string) => number | null;
  open: boolean;
  busy: boolean;
  onPartners: (side: [string, string]) => void;
}

function GroupSides({ tripId, round, group, cards, nameOf, playing, open, busy, onPartners }: GroupSidesProps) {
  const first = group.playerIds[0]!;
  const current = cards.find((c) => c.playerIds.includes(first))?.playerIds.find((p) => p !== first) ?? '';
  // The partner shown is the one saved until the organizer picks another (the sides may load after the page).
  const [picked, setPartner] = useState<string | null>(null);
  const partner = picked ?? current;
  const parOf = (hole: number) => round.course?.holes.find((h) => h.number === hole)?.par ?? 0;
  return (
    <>
      {cards.length === 2 ? (
        <>
          <p class="side-match">
            <strong>{cards[0]!.name}</strong> vs <strong>{cards[1]!.name}</strong>
          </p>
          <table class="table side-scores">
            <caption class="visually-hidden">Group {group.number}: better-ball net of each side</caption>
            <thead>
              <tr>
                <th scope="col">Side</th>
                <th scope="col">Playing Handicaps</th>
                <th scope="col">Thru</th>
                <th scope="col">Better-ball net</th>
                <th scope="col">To par</th>
              </tr>
            </thead>
            <tbody>
              {cards.map((c) => {
                const parPlayed = c.holes.reduce((s, h) => s + (h.net === null ? 0 : parOf(h.hole)), 0);
                return (
                  <tr key={c.id} data-testid="side-row" data-side={c.name} data-net={c.totals.net} data-thru={c.totals.thru}>
                    <th scope="row">{c.name}</th>
                    <td>{c.playerIds.map((p) => `${nameOf(p)} ${playing(p) === null ? '–' : formatPlaying(playing(p))}`).join(', ')}</td>
                    <td>{c.totals.thru}</td>
                    <td>{c.totals.thru ? c.totals.net : '–'}</td>
                    <td>{c.totals.thru ? formatToPar(c.totals.net - parPlayed) : '–'}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </>
      ) : (
        <p class="muted">No sides yet.</p>
      )}
      {open ? (
        <form
          class="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (partner) onPartners([first, partner]);
          }}
        >
          <SelectField
            id={`partner-${group.id}`}
            label={`${nameOf(first)}'s partner`}
            value={partner}
            onValue={setPartner}
            options={[{ value: '', label: 'Choose a partner' }, ...group.playerIds.slice(1).map((p) => ({ value: p, label: `${nameOf(p)} (PH ${playing(p) === null ? '–' : formatPlaying(playing(p))})` }))]}
          />
          <button type="submit" class="secondary" disabled={busy || !partner}>
            Save partners for group {group.number}
          </button>
        </form>
      ) : null}
      {open && cards.length === 2 ? <SidesNassau tripId={tripId} round={round} group={group} cards={cards} /> : null}
    </>
  );
}

/** A net Nassau between the group's two sides: front nine, back nine and overall, better-ball net holes won. */
function SidesNassau({ tripId, round, group, cards }: { tripId: string; round: Round; group: Round['groups'][number]; cards: SideCard[] }) {
  const trip = useTrip(tripId);
  const create = useCreateSideGame(tripId);
  const [stake, setStake] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const currency = trip.data?.currency ?? 'USD';
  const id = `nassau-stake-${group.id}`;
  return (
    <form
      class="inline-form"
      onSubmit={async (e) => {
        e.preventDefault();
        const amount = parseAmount(stake, currency);
        if (!amount.ok) return setProblem(amount.message);
        setProblem(null);
        try {
          const r = await create.run({
            kind: 'nassau',
            roundId: round.id,
            name: `Nassau – ${cards[0]!.name} vs ${cards[1]!.name}`,
            basis: 'net',
            participants: { a: cards[0]!.playerIds, b: cards[1]!.playerIds },
            config: { stakes: amount.cents },
          });
          setMade(r.game.id);
          setStake('');
          flash(`Nassau set up for group ${group.number}: ${cards[0]!.name} vs ${cards[1]!.name}.`);
        } catch (err) {
          setProblem(messageOf(err));
        }
      }}
    >
      <TextField
        id={id}
        label={`Nassau stake per bet, per player (${currency})`}
        hint="Front nine, back nine and overall, on better-ball net holes won."
        inputMode="decimal"
        value={stake}
        onValue={setStake}
        errors={problem ? [problem] : undefined}
      />
      <button type="submit" class="secondary" disabled={create.pending}>
        Set up a Nassau for group {group.number}
      </button>
      {made ? (
        <a href={href('tripGames', { tripId }, { game: made })}>Open the Nassau</a>
      ) : null}
    </form>
  );
}
