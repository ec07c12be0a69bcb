/** The wizard's optional players: a name each, an email and a Handicap Index if known. */
import { TextField } from '../../../common/field.js';

export interface PlayerRow {
  key: number;
  name: string;
  email: string;
  handicap: string;
}

let nextKey = 1;
export const emptyRow = (): PlayerRow => ({ key: nextKey++, name: '', email: '', handicap: '' });

/** A row as the wizard's player: empty fields left out; a handicap that is not a number is sent as typed, so its check says so. */
export function playerBody(r: PlayerRow): Record<string, unknown> {
  const h = r.handicap.trim().replace(',', '.').replace(/^\+/, '-');
  return {
    name: r.name,
    ...(r.email.trim() ? { email: r.email.trim() } : {}),
    ...(h ? { handicapIndex: Number.isFinite(Number(h)) ? Number(h) : h } : {}),
  };
}

export const isBlank = (r: PlayerRow) => !r.name.trim() && !r.email.trim() && !r.handicap.trim();

export function PlayerRows({ rows, onChange, errorsAt, idOf }: { rows: PlayerRow[]; onChange: (rows: PlayerRow[]) => void; errorsAt: (k: string) => string[] | undefined; idOf: (k: string) => string }) {
  const update = (i: number, patch: Partial<PlayerRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <>
      <div class="player-rows">
        {rows.map((r, i) => (
          <div class="player-row" key={r.key} role="group" aria-label={`Player ${i + 1}`}>
            <TextField id={idOf(`players.${i}.name`)} label={`Player ${i + 1} name`} value={r.name} onValue={(v) => update(i, { name: v })} errors={errorsAt(`players.${i}.name`)} maxLength={120} />
            <TextField id={idOf(`players.${i}.email`)} label="Email" type="email" value={r.email} onValue={(v) => update(i, { email: v })} errors={errorsAt(`players.${i}.email`)} />
            <TextField id={idOf(`players.${i}.handicapIndex`)} label="Handicap Index" inputMode="decimal" value={r.handicap} onValue={(v) => update(i, { handicap: v })} errors={errorsAt(`players.${i}.handicapIndex`)} />
            <button type="button" class="secondary remove" onClick={() => onChange(rows.filter((_, j) => j !== i))} aria-label={`Remove player ${i + 1}`}>
              Remove
            </button>
          </div>
        ))}
      </div>
      <button type="button" class="secondary" onClick={() => onChange([...rows, emptyRow()])}>
        Add a player
      </button>
    </>
  );
}
