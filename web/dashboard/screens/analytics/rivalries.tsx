/**
 * Rivalries (the closest and the most played pairs) as tug-of-war bars, each side's wins written at its end, and one
 * pair's head-to-head: the rounds they completed together and the team matches they played on opposite sides.
 */
import { formatDay } from '../../../common/format.js';
import { useHeadToHead, useRivalries, type Rivalries } from '../../api/analytics.js';
import { href } from '../../paths.js';
import { QueryView } from '../../ui/query-view.js';
import { recordOf, signedStrokes, strokesInWords } from './scale.js';

type Rivalry = Rivalries['closest'][number];

/** Wins of each side and halves as one bar: A's share from the left, B's from the right, halves between. */
function TugOfWar({ a, b, winsA, winsB, halved }: { a: string; b: string; winsA: number; winsB: number; halved: number }) {
  const total = winsA + winsB + halved;
  return (
    <div class="tug">
      <span class="tug-side">
        {a} <strong>{winsA}</strong>
      </span>
      <span class="tug-bar" role="img" aria-label={`${a} ${winsA} won, ${b} ${winsB} won, ${halved} halved`}>
        {total ? (
          <>
            <span class="tug-a" style={{ flexGrow: winsA }} />
            <span class="tug-h" style={{ flexGrow: halved }} />
            <span class="tug-b" style={{ flexGrow: winsB }} />
          </>
        ) : (
          <span class="tug-h" style={{ flexGrow: 1 }} />
        )}
      </span>
      <span class="tug-side right">
        <strong>{winsB}</strong> {b}
      </span>
    </div>
  );
}

function RivalryList({ tripId, title, list, why }: { tripId: string; title: string; list: Rivalry[]; why: (r: Rivalry) => string }) {
  return (
    <section class="card rivalry-list" aria-labelledby={`riv-${title}`}>
      <h4 id={`riv-${title}`}>{title}</h4>
      {list.length === 0 ? <p class="muted">No pair has completed a round together yet.</p> : null}
      <ol>
        {list.map((r) => (
          <li key={`${r.playerA.playerId}-${r.playerB.playerId}`}>
            <TugOfWar a={r.playerA.name} b={r.playerB.name} winsA={r.record.winsA} winsB={r.record.winsB} halved={r.record.halved} />
            <p class="small muted">
              {why(r)} ·{' '}
              <a href={href('tripAnalytics', { tripId }, { view: 'head-to-head', a: r.playerA.playerId, b: r.playerB.playerId })}>
                {r.playerA.name} against {r.playerB.name}, round by round
              </a>
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function RivalriesView({ tripId }: { tripId: string }) {
  const rivalries = useRivalries(tripId);
  return (
    <section aria-labelledby="an-rivalries">
      <h3 id="an-rivalries">Rivalries</h3>
      <QueryView query={rivalries} loading="Loading the rivalries…">
        {(r) => (
          <div class="two-col rivalries">
            <RivalryList tripId={tripId} title="Closest" list={r.closest} why={(x) => `${x.averageMargin} net strokes apart per round on average, ${x.roundsTogether} together`} />
            <RivalryList tripId={tripId} title="Most played" list={r.mostPlayed} why={(x) => `${x.roundsTogether} rounds together, ${x.averageMargin} strokes apart on average`} />
          </div>
        )}
      </QueryView>
    </section>
  );
}

export function PairView({ tripId, a, b }: { tripId: string; a: string; b: string }) {
  const h2h = useHeadToHead(tripId, a, b);
  return (
    <section aria-labelledby="an-pair">
      <p class="crumbs">
        <a href={href('tripAnalytics', { tripId }, { view: 'head-to-head' })}>All pairs</a>
      </p>
      <QueryView query={h2h} loading="Loading the head-to-head…">
        {(h) => (
          <>
            <h3 id="an-pair">
              {h.playerA.name} against {h.playerB.name}
            </h3>
            <TugOfWar a={h.playerA.name} b={h.playerB.name} winsA={h.record.winsA} winsB={h.record.winsB} halved={h.record.halved} />
            <p>
              Record {recordOf(h.record.winsA, h.record.winsB, h.record.halved)} for {h.playerA.name}, {h.record.source === 'matches' ? 'from their team matches' : 'from the rounds they completed together (lower net wins)'}.{' '}
              {h.roundsTogether ? `Over ${h.roundsTogether} round${h.roundsTogether === 1 ? '' : 's'} together, ${h.playerA.name} took ${strokesInWords(h.strokes.netMargin)}.` : 'They have not completed a round together yet.'}
            </p>
            {h.rounds.length ? (
              <div class="table-wrap" tabIndex={0} role="region" aria-label="Rounds together (scrolls sideways)">
                <table class="table">
                  <caption class="visually-hidden">Rounds together</caption>
                  <thead>
                    <tr>
                      <th scope="col">Round</th>
                      <th scope="col" class="num">
                        {h.playerA.name} gross / net
                      </th>
                      <th scope="col" class="num">
                        {h.playerB.name} gross / net
                      </th>
                      <th scope="col">Won by</th>
                    </tr>
                  </thead>
                  <tbody>
                    {h.rounds.map((r) => (
                      <tr key={r.roundId}>
                        <th scope="row">
                          {r.roundName} <span class="muted small">{formatDay(r.date)}</span>
                        </th>
                        <td class="num">
                          {r.grossA} / {r.netA}
                        </td>
                        <td class="num">
                          {r.grossB} / {r.netB}
                        </td>
                        <td>{r.winner === 'A' ? h.playerA.name : r.winner === 'B' ? h.playerB.name : 'Halved'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            {h.matches.length ? (
              <>
                <h4>Team matches on opposite sides</h4>
                <ul class="plain-list">
                  {h.matches.map((m) => (
                    <li key={m.matchId}>
                      {m.competitionName}: {m.winner === 'A' ? `${h.playerA.name} won` : m.winner === 'B' ? `${h.playerB.name} won` : 'halved'} ({m.status})
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {h.roundsTogether ? (
              <p class="muted small">
                Totals together: {h.playerA.name} {h.strokes.grossA} gross, {h.strokes.netA} net; {h.playerB.name} {h.strokes.grossB} gross, {h.strokes.netB} net (net {signedStrokes(h.strokes.netMargin)} for {h.playerA.name}).
              </p>
            ) : null}
          </>
        )}
      </QueryView>
    </section>
  );
}
