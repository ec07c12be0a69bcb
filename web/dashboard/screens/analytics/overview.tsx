/**
 * The trip at a glance: how much golf was played and how (holes by score against par as one bar, per player too),
 * the MVP race as bars with their points written on them, and the fun stats as cards.
 */
import { plural } from '../../../common/format.js';
import { useFunStats, useMvp, useTripSummary, type FunStats, type Mvp, type TripSummary } from '../../api/analytics.js';
import { QueryView } from '../../ui/query-view.js';
import { signedStrokes } from './scale.js';

type Scoring = TripSummary['scoring'];
const PARTS: { key: Exclude<keyof Scoring, 'birdiesOrBetter'>; words: string; cls: string }[] = [
  { key: 'eaglesOrBetter', words: 'eagles or better', cls: 'sc-eagle' },
  { key: 'birdies', words: 'birdies', cls: 'sc-birdie' },
  { key: 'pars', words: 'pars', cls: 'sc-par' },
  { key: 'bogeys', words: 'bogeys', cls: 'sc-bogey' },
  { key: 'doubleBogeysOrWorse', words: 'double bogeys or worse', cls: 'sc-double' },
];

const avg = (n: number | null) => (n === null ? '—' : n.toFixed(1));

/** Holes by score against par as one stacked bar; the counts in its label and (for the trip) in the legend. */
export function ScoreBar({ scoring, legend = false }: { scoring: Scoring; legend?: boolean }) {
  const total = PARTS.reduce((s, p) => s + scoring[p.key], 0);
  const words = total ? PARTS.filter((p) => scoring[p.key] > 0).map((p) => `${scoring[p.key]} ${p.words}`).join(', ') : 'no completed holes';
  return (
    <div class="score-bar-wrap">
      <div class="score-bar" role="img" aria-label={`Holes by score: ${words}`}>
        {PARTS.map((p) => (scoring[p.key] > 0 ? <span key={p.key} class={`score-seg ${p.cls}`} style={{ flexGrow: scoring[p.key] }} title={`${scoring[p.key]} ${p.words}`} /> : null))}
      </div>
      {legend ? (
        <ul class="score-legend" aria-hidden="true">
          {PARTS.map((p) => (
            <li key={p.key}>
              <span class={`swatch ${p.cls}`} /> {p.words}: <strong>{scoring[p.key]}</strong>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function SummaryView({ s }: { s: TripSummary }) {
  const players = [...s.players].filter((p) => p.roundsPlayed > 0).sort((a, b) => (a.averageNetToPar ?? 999) - (b.averageNetToPar ?? 999));
  return (
    <>
      <dl class="facts">
        <div>
          <dt>Rounds played</dt>
          <dd>
            {s.roundsPlayed} of {s.roundsScheduled}
          </dd>
        </div>
        <div>
          <dt>Cards completed</dt>
          <dd>{s.cardsCompleted}</dd>
        </div>
        <div>
          <dt>Holes played</dt>
          <dd>{s.holesPlayed}</dd>
        </div>
        <div>
          <dt>Average gross / net</dt>
          <dd>
            {avg(s.averageGross)} / {avg(s.averageNet)}
          </dd>
        </div>
      </dl>
      <ScoreBar scoring={s.scoring} legend />
      {players.length ? (
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Players by average net to par">
          <table class="table">
            <caption class="visually-hidden">Players by average net to par</caption>
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col" class="num">
                  Rounds
                </th>
                <th scope="col" class="num">
                  Avg gross
                </th>
                <th scope="col" class="num">
                  Avg net to par
                </th>
                <th scope="col">Holes by score</th>
              </tr>
            </thead>
            <tbody>
              {players.map((p) => (
                <tr key={p.playerId}>
                  <th scope="row">{p.name}</th>
                  <td class="num">{p.roundsPlayed}</td>
                  <td class="num">{avg(p.averageGross)}</td>
                  <td class="num">{p.averageNetToPar === null ? '—' : signedStrokes(Math.round(p.averageNetToPar * 10) / 10)}</td>
                  <td>
                    <ScoreBar scoring={p.scoring} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

function MvpView({ mvp }: { mvp: Mvp }) {
  const max = Math.max(1, ...mvp.entries.map((e) => e.points));
  const counted = mvp.competitions.filter((c) => c.counted);
  if (!counted.length || !mvp.entries.some((e) => e.points > 0)) {
    return <p class="muted">No points yet: the MVP counts the results of the trip’s competitions (places on stroke play and Stableford boards, team matches won or halved).</p>;
  }
  return (
    <>
      <ol class="mvp-bars" aria-label="MVP standings">
        {mvp.entries
          .filter((e) => e.points > 0)
          .map((e) => (
            <li key={e.playerId}>
              <span class="mvp-pos">{e.label}</span>
              <span class="mvp-name">{e.name}</span>
              <span class="mvp-track" aria-hidden="true">
                <span class="mvp-place" style={{ width: `${(e.placePoints / max) * 100}%` }} />
                <span class="mvp-match" style={{ width: `${(e.matchPoints / max) * 100}%` }} />
              </span>
              <span class="mvp-points">
                <strong>{e.points}</strong> pts <span class="muted small">({e.placePoints} places{e.matchPoints ? ` + ${e.matchPoints} matches` : ''})</span>
              </span>
            </li>
          ))}
      </ol>
      <p class="muted small">
        {mvp.formula.description} Counted: {counted.map((c) => c.name).join(', ')}. Solid bar: places; striped: matches.
      </p>
    </>
  );
}

/** Each leader once (a player may share the best value on several holes or rounds). */
const names = (leaders: { name: string }[]) => [...new Set(leaders.map((l) => l.name))].join(', ');
/** One leader's detail; each one's with their name when two or three share the value; how often, past that. */
function each<L extends { name: string }>(leaders: L[], say: (l: L) => string): string {
  if (leaders.length === 1) return say(leaders[0]!);
  if (leaders.length <= 3) return leaders.map((l) => `${l.name}: ${say(l)}`).join('; ');
  const times = new Map<string, number>();
  for (const l of leaders) times.set(l.name, (times.get(l.name) ?? 0) + 1);
  return `${leaders.length} times: ${[...times].map(([n, k]) => `${n} ${k}×`).join(', ')}`;
}

function FunView({ f }: { f: FunStats }) {
  const cards: { title: string; value: string; who: string; detail: string }[] = [];
  if (f.mostBirdies) cards.push({ title: 'Most birdies', value: plural(f.mostBirdies.value, 'birdie'), who: names(f.mostBirdies.leaders), detail: 'birdies or better, all rounds' });
  if (f.biggestBlowUp) {
    const ls = f.biggestBlowUp.leaders;
    cards.push({ title: 'Biggest blow-up', value: `+${f.biggestBlowUp.value} on one hole`, who: names(ls), detail: each(ls, (l) => `${l.strokes} on the par ${l.par} ${ordinal(l.hole)}, ${l.roundName}`) });
  }
  if (f.mostImproved) {
    const ls = f.mostImproved.leaders;
    cards.push({ title: 'Most improved', value: `${f.mostImproved.value} strokes better`, who: names(ls), detail: each(ls, (l) => `from ${signedStrokes(l.firstToPar)} to ${signedStrokes(l.lastToPar)} gross, first to last round`) });
  }
  if (f.longestParStreak) {
    const ls = f.longestParStreak.leaders;
    cards.push({ title: 'Longest par streak', value: plural(f.longestParStreak.value, 'hole'), who: names(ls), detail: `par or better: ${each(ls, (l) => `holes ${l.fromHole}–${l.toHole}, ${l.roundName}`)}` });
  }
  if (!cards.length) return <p class="muted">Fun stats come with the first completed cards.</p>;
  return (
    <ul class="fun-cards">
      {cards.map((c) => (
        <li key={c.title} class="card fun-card">
          <h4>{c.title}</h4>
          <p class="fun-value">{c.value}</p>
          <p class="fun-who">{c.who}</p>
          <p class="muted small">{c.detail}</p>
        </li>
      ))}
    </ul>
  );
}

function ordinal(hole: number): string {
  return `${hole}${hole % 10 === 1 && hole !== 11 ? 'st' : hole % 10 === 2 && hole !== 12 ? 'nd' : hole % 10 === 3 && hole !== 13 ? 'rd' : 'th'}`;
}

export function Overview({ tripId }: { tripId: string }) {
  const summary = useTripSummary(tripId);
  const mvp = useMvp(tripId);
  const fun = useFunStats(tripId);
  return (
    <>
      <section aria-labelledby="an-summary">
        <h3 id="an-summary">The golf so far</h3>
        <QueryView query={summary} loading="Loading the summary…">
          {(s) => (s.cardsCompleted ? <SummaryView s={s} /> : <p class="muted">Nothing to count yet: figures come from completed cards (a score on every hole of a round).</p>)}
        </QueryView>
      </section>
      <section aria-labelledby="an-mvp">
        <h3 id="an-mvp">MVP</h3>
        <QueryView query={mvp} loading="Loading the MVP…">
          {(m) => <MvpView mvp={m} />}
        </QueryView>
      </section>
      <section aria-labelledby="an-fun">
        <h3 id="an-fun">Fun stats</h3>
        <QueryView query={fun} loading="Loading the fun stats…">
          {(f) => <FunView f={f} />}
        </QueryView>
      </section>
    </>
  );
}
