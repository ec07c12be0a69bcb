/** The other printed pages of a round: cart signs, the starter's tee sheet, the alphabetical list. */
import type { Round, RoundHandicaps } from '../../api/rounds.js';
import { formatPlaying } from '../../ui/handicap.js';
import { alphaList, cardsOf, cartsOf, chunk, startInWords, starterOrder, type GroupStart, type Heading } from './print-model.js';

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

export type SignKind = 'cart' | 'group';

const playingOf = (p: { playingHandicap: number | null }) => (p.playingHandicap === null ? 'no Handicap Index' : `PH ${formatPlaying(p.playingHandicap)}`);

/**
 * Signs for the carts (`kind` cart: one per cart, its two riders with their Playing Handicaps, the group and the
 * start) or one per group (`kind` group). Carts pair a group's four-ball sides when the round has them (`sides`),
 * else the players in pairing order.
 */
export function CartSigns({
  heading,
  round,
  data,
  starts,
  shotgun,
  per,
  kind,
  sides,
}: SheetProps & { shotgun: boolean; per: number; kind: SignKind; sides?: ReadonlyMap<string, readonly (readonly string[])[]> }) {
  const startOf = new Map(starts.map((s) => [s.groupId, s] as const));
  const cards = cardsOf(data.players, round.groups);
  if (!cards.length) return <p class="pr-sheet">No players in this round yet.</p>;
  const signs = kind === 'cart' ? cartsOf(cards, sides) : cards.map((c) => ({ ...c, cart: 1, carts: 1 }));
  const what = kind === 'cart' ? 'Cart signs' : 'Group signs';
  return (
    <>
      {chunk(signs, per).map((page, i) => (
        <section key={i} class={`pr-sheet pr-signs per-${per}`} aria-label={`${what}, page ${i + 1}`}>
          {page.map((sign, j) => {
            const start = sign.group ? startOf.get(sign.group.id) : undefined;
            const words = start ? startInWords(start, shotgun) : null;
            const group = sign.group ? `Group ${sign.group.number}` : 'No group yet';
            return (
              <div key={j} class="pr-sign" aria-label={kind === 'cart' ? `${group}, cart ${sign.cart} of ${sign.carts}` : group} role="group">
                <p class="pr-sign-round">
                  {heading.trip} · {heading.round}
                </p>
                <p class="pr-sign-group">
                  {group}
                  {kind === 'cart' && sign.carts > 1 ? <span class="pr-sign-cart"> · Cart {sign.cart}</span> : null}
                </p>
                {words ? <p class="pr-sign-start">{words}</p> : null}
                <ul class="pr-sign-names">
                  {sign.players.map((p) => (
                    <li key={p.playerId}>
                      {p.name} <span class="pr-sign-ph">{playingOf(p)}</span>
                    </li>
                  ))}
                </ul>
                {kind === 'cart' && sign.players.length === 1 ? <p class="pr-sign-note">Rides alone</p> : null}
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
      <table class="print-table" aria-label="Tee times, in starting order">
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
      <table class="print-table alpha" aria-label="Players A–Z with their group and start">
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
