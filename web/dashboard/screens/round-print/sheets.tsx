/** The other printed pages of a round: cart signs, the starter's tee sheet, the alphabetical list. */
import type { Round, RoundHandicaps } from '../../api/rounds.js';
import { formatPlaying } from '../../ui/handicap.js';
import { alphaList, cardsOf, chunk, startInWords, starterOrder, type GroupStart, type Heading } from './print-model.js';

interface SheetProps {
  heading: Heading;
  round: Round;
  data: RoundHandicaps;
  starts: GroupStart[];
}

function SheetHead({ heading, title }: { heading: Heading; title: string }) {
  return (
    <header class="pr-head">
      <div>
        <p class="pr-trip">{heading.trip}</p>
        <h2 class="pr-title">
          {title} · {heading.round}
        </h2>
      </div>
      <p class="pr-meta">
        {heading.when}
        <br />
        {heading.course} · {heading.format}
      </p>
    </header>
  );
}

export function CartSigns({ heading, round, data, starts, shotgun, per }: SheetProps & { shotgun: boolean; per: number }) {
  const startOf = new Map(starts.map((s) => [s.groupId, s] as const));
  const cards = cardsOf(data.players, round.groups);
  if (!cards.length) return <p class="pr-sheet">No players in this round yet.</p>;
  return (
    <>
      {chunk(cards, per).map((page, i) => (
        <section key={i} class={`pr-sheet pr-signs per-${per}`} aria-label={`Cart signs, page ${i + 1}`}>
          {page.map((card, j) => {
            const start = card.group ? startOf.get(card.group.id) : undefined;
            return (
              <div key={j} class="pr-sign">
                <p class="pr-sign-round">
                  {heading.trip} · {heading.round}
                </p>
                <p class="pr-sign-group">{card.group ? `Group ${card.group.number}` : 'No group yet'}</p>
                {start ? <p class="pr-sign-start">{startInWords(start, shotgun)}</p> : null}
                <ul class="pr-sign-names">
                  {card.players.map((p) => (
                    <li key={p.playerId}>{p.name}</li>
                  ))}
                </ul>
              </div>
            );
          })}
        </section>
      ))}
    </>
  );
}

export function TeeSheet({ heading, round, data, starts, shotgun }: SheetProps & { shotgun: boolean }) {
  const byId = new Map(data.players.map((p) => [p.playerId, p] as const));
  const groups = new Map(round.groups.map((g) => [g.id, g] as const));
  const grouped = new Set(round.groups.flatMap((g) => g.playerIds));
  const loose = data.players.filter((p) => !grouped.has(p.playerId));
  return (
    <section class="pr-sheet pr-list" aria-label="Starter's tee sheet">
      <SheetHead heading={heading} title={shotgun ? "Starter's sheet (shotgun)" : "Starter's tee sheet"} />
      {round.groups.length === 0 ? <p>No groups yet: make them in Pairings.</p> : null}
      <table class="print-table">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Hole</th>
            <th scope="col">Group</th>
            <th scope="col">Players (Playing Handicap)</th>
            <th scope="col">Started</th>
          </tr>
        </thead>
        <tbody>
          {starterOrder(starts).map((s) => (
            <tr key={s.groupId}>
              <td>{s.time ?? '—'}</td>
              <td class="strong">{s.holeLabel}</td>
              <td>{s.number}</td>
              <td>
                {groups
                  .get(s.groupId)!
                  .playerIds.map((id) => byId.get(id))
                  .filter((p) => !!p)
                  .map((p) => `${p!.name} (${p!.playingHandicap === null ? 'no index' : formatPlaying(p!.playingHandicap)})`)
                  .join(' · ')}
              </td>
              <td class="tick" />
            </tr>
          ))}
          {loose.length ? (
            <tr>
              <td>—</td>
              <td>—</td>
              <td>No group</td>
              <td>{loose.map((p) => `${p.name} (${p.playingHandicap === null ? 'no index' : formatPlaying(p.playingHandicap)})`).join(' · ')}</td>
              <td class="tick" />
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}

export function AlphaList({ heading, round, data, starts }: SheetProps) {
  const rows = alphaList(data.players, round.groups, starts);
  return (
    <section class="pr-sheet pr-list" aria-label="Alphabetical list">
      <SheetHead heading={heading} title="Players A–Z" />
      <table class="print-table alpha">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Group</th>
            <th scope="col">Time</th>
            <th scope="col">Starting hole</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.playerId}>
              <td>{r.name}</td>
              <td>{r.group ?? 'none'}</td>
              <td>{r.time ?? '—'}</td>
              <td>{r.hole ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
