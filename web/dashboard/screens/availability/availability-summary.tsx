/** The server's count of who can play, per day or per round: the figures the grid's header repeats. */
import { plural } from '../../../common/format.js';
import type { AvailabilitySummary } from '../../api/availability.js';
import { shortDay } from '../travel/when.js';

type Who = { available: string[]; unavailable: string[]; unanswered: string[] };

export function SummaryTable({ summary, view, nameOf }: { summary: AvailabilitySummary; view: 'days' | 'rounds'; nameOf: (id: string) => string }) {
  const rows: (Who & { key: string; label: string })[] =
    view === 'days'
      ? summary.days.map((d) => ({ ...d, key: d.date, label: shortDay(d.date) }))
      : summary.rounds.map((r) => ({ ...r, key: r.roundId, label: `${r.name} (${shortDay(r.date)})` }));
  const total = (w: Who) => w.available.length + w.unavailable.length + w.unanswered.length;
  return (
    <div class="table-wrap">
      <table class="table compact avail-summary" aria-label={view === 'days' ? 'Who can come, per day' : 'Who can play, per round'}>
        <thead>
          <tr>
            <th scope="col">{view === 'days' ? 'Day' : 'Round'}</th>
            <th scope="col" class="num">
              {view === 'days' ? 'Can come' : 'Can play'}
            </th>
            <th scope="col" class="num">
              Cannot
            </th>
            <th scope="col" class="num">
              No answer
            </th>
            <th scope="col">Not answered yet</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td class="num">
                <strong>{r.available.length}</strong> of {total(r)}
              </td>
              <td class="num">{r.unavailable.length}</td>
              <td class="num">{r.unanswered.length}</td>
              <td class="avail-missing">
                {r.unanswered.length === 0 ? (
                  <span class="muted">Everyone answered</span>
                ) : r.unanswered.length <= 4 ? (
                  r.unanswered.map(nameOf).join(', ')
                ) : (
                  <details>
                    <summary>{plural(r.unanswered.length, 'player')}</summary>
                    {r.unanswered.map(nameOf).join(', ')}
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
