/**
 * The group's four-ball sides on the scorecard (issue 34): "You & Ann vs Bob & Carl", and each side's better-ball net
 * on this hole and so far, by the shared rule the team board counts with (`sideBetterBallNet`: each partner's net
 * from the Playing Handicap frozen on their scorecard, at the round's allowance, the better of the two per hole).
 * The sides are team cards the organizer made; the phone has them by replication.
 */
import type { HoleInfo, HoleScore } from '../../../../shared/domain/golf/card.js';
import { sideBetterBallNet } from '../../../../shared/domain/games/four-ball-sides.js';
import type { TeamcardDoc } from '../../../../shared/schemas/games.js';
import type { CardView } from './card-data.js';

/** The sides of a group: its team cards made as four-ball sides, in key order. */
export function groupSides(teamcards: readonly TeamcardDoc[] | undefined, roundId: string, groupId: string | undefined): TeamcardDoc[] {
  if (!teamcards || !groupId) return [];
  return teamcards.filter((t) => t.roundId === roundId && t.source === 'sides' && t.groupId === groupId).sort((a, b) => (a.key < b.key ? -1 : 1));
}

export function SidesBanner({ sides, views, holes, hole, me, name, allowance }: { sides: TeamcardDoc[]; views: CardView[]; holes: readonly HoleInfo[]; hole: number; me: string; name: (id: string) => string; allowance: number | null }) {
  if (sides.length !== 2) return null;
  const mine = sides.find((s) => s.playerIds.includes(me));
  const ordered = mine ? [mine, ...sides.filter((s) => s !== mine)] : sides;
  const label = (s: TeamcardDoc) => {
    const people = s.playerIds.includes(me) ? ['You', ...s.playerIds.filter((p) => p !== me).map(name)] : s.playerIds.map(name);
    return people.join(' & ');
  };
  const score = (s: TeamcardDoc) =>
    sideBetterBallNet(
      holes,
      s.playerIds.map((p) => {
        const v = views.find((x) => x.card.playerId === p);
        const gross = holes.map((h): HoleScore => {
          const entered = v?.scores.get(h.number);
          return entered === undefined ? null : (entered.strokes ?? 'pickup');
        });
        return { gross, playingHandicap: v?.lines.playingHandicap ?? null };
      }),
    );
  return (
    <section class="sides-banner" aria-labelledby="sides-title" data-testid="sides">
      <h2 id="sides-title">
        {label(ordered[0]!)} <span class="vs">vs</span> {label(ordered[1]!)}
      </h2>
      <p class="sides-line">
        Better-ball net{allowance !== null ? ` at the round's ${allowance} %` : ''}, hole {hole}:{' '}
        {ordered.map((s, i) => {
          const r = score(s);
          const here = r.net[hole - 1] ?? null;
          return (
            <span key={s.id} data-testid="side-score" data-side={s.name} data-hole-net={here ?? ''} data-net={r.total} data-thru={r.thru}>
              {i > 0 ? ' · ' : ''}
              {label(s)} <strong>{here === null ? '–' : here}</strong> ({r.thru ? `${r.total} thru ${r.thru}` : 'no score yet'})
            </span>
          );
        })}
      </p>
    </section>
  );
}
