/**
 * A round's printed pages, from the browser's own print (to paper or PDF): scorecards (one per group, each player's
 * Playing Handicap and stroke dots where strokes fall), cart signs, the starter's tee sheet and the alphabetical
 * list. One page, its print stylesheet showing only the sheets; the paper (A4 or Letter) sets `@page`. The choice is
 * in the address (`?doc=…&paper=…&per=…`), so a link prints the same pages.
 */
import { useEffect } from 'preact/hooks';
import { formatDay } from '../../../common/format.js';
import { useTrip } from '../../api/queries.js';
import { useRound, useRoundHandicaps, type Round, type RoundHandicaps } from '../../api/rounds.js';
import { useSides, type SideCard } from '../../api/sides.js';
import type { Trip } from '../../api/types.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import type { ScreenProps } from '../../screen.js';
import { Loading, QueryView } from '../../ui/query-view.js';
import { FORMAT_WORDS } from '../rounds/round-words.js';
import { groupStarts, isShotgun, pageRule, type Paper, type PrintDoc } from './print-model.js';
import { AlphaList, CartSigns, TeeSheet, type SignKind } from './sheets.js';
import { Scorecards } from './scorecards.js';

const DOCS: { value: PrintDoc; label: string }[] = [
  { value: 'scorecards', label: 'Scorecards' },
  { value: 'cart-signs', label: 'Cart signs' },
  { value: 'tee-sheet', label: "Starter's tee sheet" },
  { value: 'alpha', label: 'Alphabetical list' },
];

export function RoundPrintScreen({ params, query }: ScreenProps) {
  const tripId = params.tripId!;
  const roundId = params.roundId!;
  const trip = useTrip(tripId);
  const round = useRound(tripId, roundId);
  const handicaps = useRoundHandicaps(tripId, roundId);
  // A four-ball round's sides ride together (read only for cart signs; a round without sides has none).
  const sides = useSides(tripId, roundId, query.get('doc') === 'cart-signs');
  const doc = (DOCS.some((d) => d.value === query.get('doc')) ? query.get('doc') : 'scorecards') as PrintDoc;
  const paper: Paper = query.get('paper') === 'letter' ? 'letter' : 'a4';
  const per = ['1', '2', '4'].includes(query.get('per') ?? '') ? Number(query.get('per')) : 2;
  const signs: SignKind = query.get('signs') === 'group' ? 'group' : 'cart';
  const go = (next: { doc?: PrintDoc; paper?: Paper; per?: number; signs?: SignKind }) => {
    const to = { doc, paper, per, signs, ...next };
    navigate(href('roundPrint', { tripId, roundId }, { ...to, signs: to.doc === 'cart-signs' && to.signs === 'group' ? 'group' : undefined }), true);
  };
  useEffect(() => {
    document.body.classList.add('printing-page');
    return () => document.body.classList.remove('printing-page');
  }, []);
  return (
    <QueryView query={trip} loading="Loading the trip…">
      {(t) => (
        <QueryView query={round} loading="Loading the round…">
          {(r) => (
            <QueryView query={handicaps} loading="Loading the handicaps…">
              {(h) => (
                <>
                  <style>{pageRule(paper, doc)}</style>
                  <div class="print-controls">
                    <p class="crumbs">
                      <a href={href('tripRounds', { tripId }, { round: roundId })}>Back to {r.name}</a>
                    </p>
                    <h1>Print: {r.name}</h1>
                    <div class="print-choices">
                      <fieldset>
                        <legend>What to print</legend>
                        {DOCS.map((d) => (
                          <label key={d.value} class="radio">
                            <input type="radio" name="doc" checked={doc === d.value} onChange={() => go({ doc: d.value })} /> {d.label}
                          </label>
                        ))}
                      </fieldset>
                      <fieldset>
                        <legend>Paper</legend>
                        <label class="radio">
                          <input type="radio" name="paper" checked={paper === 'a4'} onChange={() => go({ paper: 'a4' })} /> A4
                        </label>
                        <label class="radio">
                          <input type="radio" name="paper" checked={paper === 'letter'} onChange={() => go({ paper: 'letter' })} /> Letter
                        </label>
                      </fieldset>
                      {doc === 'cart-signs' ? (
                        <fieldset>
                          <legend>A sign for each</legend>
                          <label class="radio">
                            <input type="radio" name="signs" checked={signs === 'cart'} onChange={() => go({ signs: 'cart' })} /> Cart (two players)
                          </label>
                          <label class="radio">
                            <input type="radio" name="signs" checked={signs === 'group'} onChange={() => go({ signs: 'group' })} /> Group
                          </label>
                        </fieldset>
                      ) : null}
                      {doc === 'cart-signs' ? (
                        <fieldset>
                          <legend>Signs per page</legend>
                          {[1, 2, 4].map((n) => (
                            <label key={n} class="radio">
                              <input type="radio" name="per" checked={per === n} onChange={() => go({ per: n })} /> {n}
                            </label>
                          ))}
                        </fieldset>
                      ) : null}
                    </div>
                    <p class="muted">
                      {doc === 'scorecards' ? 'Landscape, one card per group. ' : ''}
                      {doc === 'cart-signs' && signs === 'cart' ? 'One sign per cart: partners ride together (the four-ball sides when the round has them, else players 1 and 2, 3 and 4 of each group). ' : ''}
                      {h.source === 'preview' ? 'The round is not ready yet: the handicaps are a preview and may change until it is marked ready. ' : ''}
                      Print, or save as PDF, from the button or the browser's print; only the pages below are printed.
                    </p>
                    <div class="actions">
                      <button type="button" onClick={() => print()}>
                        Print
                      </button>
                    </div>
                  </div>
                  <div class={`print-pages paper-${paper} doc-${doc}`}>
                    {doc === 'cart-signs' && sides.status === 'loading' ? (
                      <Loading what="Loading the four-ball sides…" />
                    ) : (
                      <Pages trip={t} round={r} data={h} doc={doc} per={per} signs={signs} sides={sidesByGroup(sides.data)} />
                    )}
                  </div>
                </>
              )}
            </QueryView>
          )}
        </QueryView>
      )}
    </QueryView>
  );
}

/** The sides of each group (group id → each side's player ids), from the round's four-ball sides. */
function sidesByGroup(cards: readonly SideCard[] | undefined): Map<string, string[][]> {
  const out = new Map<string, string[][]>();
  for (const c of cards ?? []) if (c.groupId) out.set(c.groupId, [...(out.get(c.groupId) ?? []), c.playerIds]);
  return out;
}

function Pages({ trip, round, data, doc, per, signs, sides }: { trip: Trip; round: Round; data: RoundHandicaps; doc: PrintDoc; per: number; signs: SignKind; sides: ReadonlyMap<string, string[][]> }) {
  const starts = groupStarts(round.groups, round.startTime);
  const shotgun = isShotgun(starts);
  const heading = {
    trip: trip.name,
    round: round.name,
    when: `${formatDay(round.date, undefined, { weekday: true })}${round.startTime ? ` · first tee ${round.startTime}` : ''}`,
    course: round.course ? `${round.course.name}${round.defaultTee ? ` · ${round.defaultTee} tees` : ''}` : 'No course yet',
    format: FORMAT_WORDS[round.format],
  };
  if (doc === 'scorecards') return <Scorecards heading={heading} round={round} data={data} starts={starts} shotgun={shotgun} />;
  if (doc === 'cart-signs') return <CartSigns heading={heading} round={round} data={data} starts={starts} shotgun={shotgun} per={per} kind={signs} sides={sides} />;
  if (doc === 'tee-sheet') return <TeeSheet heading={heading} round={round} data={data} starts={starts} shotgun={shotgun} />;
  return <AlphaList heading={heading} round={round} data={data} starts={starts} />;
}
