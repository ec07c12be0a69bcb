/**
 * Printed scorecards, one per group: the holes with par and stroke index, and a row per player with their Playing
 * Handicap and a mark on each hole where a stroke falls, as the server computed it: ● per stroke received, + per
 * stroke a plus handicap gives back (a legend says so on every card). Boxes stay empty for the scores.
 */
import type { Round, RoundHandicaps } from '../../api/rounds.js';
import { formatPlaying, strokeMarks } from '../../ui/handicap.js';
import { cardsOf, startInWords, type GroupStart, type Heading } from './print-model.js';

type Hole = RoundHandicaps['holes'][number];

export function Scorecards({ heading, round, data, starts, shotgun }: { heading: Heading; round: Round; data: RoundHandicaps; starts: GroupStart[]; shotgun: boolean }) {
  const cards = cardsOf(data.players, round.groups);
  const startOf = new Map(starts.map((s) => [s.groupId, s] as const));
  if (!cards.length) return <p class="pr-sheet">No players in this round yet.</p>;
  const holes = data.holes;
  const nines = holes.length === 18 ? [holes.slice(0, 9), holes.slice(9)] : [holes];
  const allowance = data.players[0]?.allowancePercent;
  // Players on different tees (issue 34): each row says its tees, since their handicaps come from them.
  const mixedTees = new Set(data.players.map((p) => p.tee)).size > 1;
  return (
    <>
      {cards.map((card, i) => {
        const start = card.group ? startOf.get(card.group.id) : undefined;
        const words = start ? startInWords(start, shotgun) : null;
        return (
          <section key={card.group?.id ?? `loose-${i}`} class="pr-sheet pr-scorecard" aria-label={card.group ? `Scorecard of group ${card.group.number}` : 'Scorecard of players in no group'}>
            <header class="pr-head">
              <div>
                <p class="pr-trip">{heading.trip}</p>
                <h2 class="pr-title">
                  {heading.round} · {card.group ? `Group ${card.group.number}` : 'No group yet'}
                </h2>
              </div>
              <p class="pr-meta">
                {heading.when}
                <br />
                {heading.course} · {heading.format}
                {words ? (
                  <>
                    <br />
                    <strong>{words}</strong>
                  </>
                ) : null}
              </p>
            </header>
            <table class="pr-card" aria-label={card.group ? `Scores of group ${card.group.number}` : 'Scores of players in no group'}>
              <thead>
                <tr>
                  <th scope="col" class="name-col">
                    Hole
                  </th>
                  {nines.map((nine, n) => [
                    ...nine.map((h) => (
                      <th key={h.number} scope="col">
                        {h.number}
                      </th>
                    )),
                    <th key={`sum-${n}`} scope="col" class="sum">
                      {nines.length === 1 ? 'Tot' : n === 0 ? 'Out' : 'In'}
                    </th>,
                  ])}
                  {nines.length > 1 ? (
                    <th scope="col" class="sum">
                      Tot
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                <FactRow label="Par" nines={nines} value={(h) => h.par} sum />
                <FactRow label="Stroke index" nines={nines} value={(h) => h.strokeIndex} />
                {card.players.map((p) => {
                  const strokesOf = new Map(holes.map((h, k) => [h.number, p.strokesReceived[k] ?? 0] as const));
                  return (
                    <tr key={p.playerId} class="pr-player">
                      <th scope="row" class="name-col">
                        <span class="pname">{p.name}</span> <span class="ph">{p.playingHandicap === null ? 'no Handicap Index' : `PH ${formatPlaying(p.playingHandicap)}`}</span>
                        {mixedTees && p.tee ? <span class="ph pr-tee"> · {p.tee} tees</span> : null}
                      </th>
                      {nines.map((nine, n) => [
                        ...nine.map((h) => {
                          const s = strokesOf.get(h.number) ?? 0;
                          return (
                            <td key={h.number} class={s < 0 ? 'gives' : s > 0 ? 'gets' : undefined}>
                              {s ? <span class="dots">{strokeMarks(s)}</span> : null}
                            </td>
                          );
                        }),
                        <td key={`sum-${n}`} class="sum" />,
                      ])}
                      {nines.length > 1 ? <td class="sum" /> : null}
                    </tr>
                  );
                })}
                <tr class="pr-marker">
                  <th scope="row" class="name-col">
                    Marker
                  </th>
                  {nines.map((nine, n) => [...nine.map((h) => <td key={h.number} />), <td key={`sum-${n}`} class="sum" />])}
                  {nines.length > 1 ? <td class="sum" /> : null}
                </tr>
              </tbody>
            </table>
            <p class="pr-legend">
              <span class="key">●</span> a stroke received on the hole (●● two) · <span class="key">+</span> a stroke given back: a plus handicap adds one to the score on the hole · PH
              Playing Handicap{allowance !== undefined ? ` (${allowance} % of the Course Handicap)` : ''}, strokes by stroke index
            </p>
            <p class="pr-signatures">
              <span>Player's signature</span>
              <span>Marker's signature</span>
            </p>
          </section>
        );
      })}
    </>
  );
}

function FactRow({ label, nines, value, sum }: { label: string; nines: Hole[][]; value: (h: Hole) => number; sum?: boolean }) {
  const total = (hs: Hole[]) => hs.reduce((s, h) => s + value(h), 0);
  return (
    <tr class="pr-fact">
      <th scope="row" class="name-col">
        {label}
      </th>
      {nines.map((nine, n) => [
        ...nine.map((h) => <td key={h.number}>{value(h)}</td>),
        <td key={`sum-${n}`} class="sum">
          {sum ? total(nine) : ''}
        </td>,
      ])}
      {nines.length > 1 ? <td class="sum">{sum ? total(nines.flat()) : ''}</td> : null}
    </tr>
  );
}
