/**
 * The grid: one row per player, one column per day (or per round), each cell the player's answer as a button the
 * organizer presses to turn it round. The header and the names stay in view while the grid scrolls (144 players on
 * a laptop, five days on a phone).
 */
import type { Availability } from '../../api/availability.js';
import { CELL_MARK, CELL_WORDS, type Cell } from './cells.js';

export interface Column {
  key: string;
  label: string;
  sub?: string;
  /** The server's count of players who can come or play. */
  available: number;
  total: number;
}

export interface GridProps {
  caption: string;
  players: { id: string; name: string }[];
  answers: Map<string, Availability>;
  columns: Column[];
  cellOf: (a: Availability | undefined, column: Column) => { cell: Cell; byDay?: boolean };
  /** The cell being saved, `<playerId>|<column key>`. */
  saving: string | null;
  onToggle: (playerId: string, column: Column) => void;
}

export function AvailabilityGrid({ caption, players, answers, columns, cellOf, saving, onToggle }: GridProps) {
  return (
    <div class="avail-scroll" tabIndex={0} role="region" aria-label={`${caption} (scrolls)`}>
      <table class="avail-grid" aria-label={caption}>
        <thead>
          <tr>
            <th scope="col" class="avail-corner">
              Player
            </th>
            {columns.map((c) => (
              <th scope="col" key={c.key}>
                <span class="avail-col">{c.label}</span>
                {c.sub ? <span class="avail-sub">{c.sub}</span> : null}
                <span class="avail-count">
                  {c.available} of {c.total}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {players.map((p) => {
            const a = answers.get(p.id);
            return (
              <tr key={p.id}>
                <th scope="row" title={a?.note ?? undefined}>
                  <span class="avail-name">{p.name}</span>
                  {a?.note ? <span class="avail-note">{a.note}</span> : null}
                </th>
                {columns.map((c) => {
                  const { cell, byDay } = cellOf(a, c);
                  const key = `${p.id}|${c.key}`;
                  const label = `${p.name}, ${c.label}${c.sub ? ` ${c.sub}` : ''}: ${CELL_MARK[cell]} (${CELL_WORDS[cell]}${byDay && cell !== 'unknown' ? ', from the day' : ''})`;
                  return (
                    <td key={c.key}>
                      <button type="button" class={`avail-cell ${cell}${byDay ? ' by-day' : ''}`} aria-label={label} title={label} disabled={saving === key} onClick={() => onToggle(p.id, c)}>
                        {saving === key ? '…' : CELL_MARK[cell]}
                      </button>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
