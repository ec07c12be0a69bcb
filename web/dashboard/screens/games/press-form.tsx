/** Calling a press on a Nassau while its round is in play: the side that presses, from which hole, on which bet. */
import { useState } from 'preact/hooks';
import { SelectField, TextField } from '../../../common/field.js';
import { describeFailure } from '../../api/errors.js';
import { usePress, type NassauGame, type NassauState } from '../../api/games.js';
import { betName, sideName, type Names } from './game-words.js';

export function PressForm({ tripId, game, state, names }: { tripId: string; game: NassauGame; state: NassauState; names: Names }) {
  const press = usePress(tripId, game.id);
  const [side, setSide] = useState<'a' | 'b'>('a');
  const [hole, setHole] = useState('');
  const [bet, setBet] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const open = state.bets.filter((b) => b.result === 'in_progress');
  return (
    <form
      class="card inline-press"
      aria-labelledby="press-title"
      onSubmit={(e) => {
        e.preventDefault();
        setDone(null);
        const startHole = Number(hole);
        void press.run({ side, startHole, ...(bet ? { bet } : {}) }).then(
          () => {
            setDone(`${sideName(names, game.participants[side])} pressed from hole ${startHole}: a new bet at the same stake to the end of that nine (or the round).`);
            setHole('');
          },
          () => undefined,
        );
      }}
    >
      <h3 id="press-title">Call a press</h3>
      <p class="muted">A press is a new bet at the pressed bet’s stake, from the hole you give to that bet’s last hole.</p>
      {done ? (
        <p class="notice" role="status">
          {done}
        </p>
      ) : null}
      {press.error ? (
        <p class="notice error" role="alert">
          {describeFailure(press.error)}
        </p>
      ) : null}
      <div class="form-grid">
        <SelectField
          id="press-side"
          label="Side pressing"
          value={side}
          onValue={(s) => setSide(s as 'a' | 'b')}
          options={[
            { value: 'a', label: sideName(names, game.participants.a) },
            { value: 'b', label: sideName(names, game.participants.b) },
          ]}
        />
        <TextField id="press-hole" label="From hole" type="number" min={2} max={18} value={hole} onValue={setHole} />
        <SelectField
          id="press-bet"
          label="Bet pressed"
          value={bet}
          onValue={setBet}
          options={[{ value: '', label: 'The nine the hole is on' }, ...open.map((b) => ({ value: b.id, label: betName(b, names, game) }))]}
        />
      </div>
      <button type="submit" disabled={press.pending || !hole}>
        {press.pending ? 'Pressing…' : 'Press'}
      </button>
    </form>
  );
}
