/**
 * The menus of the tee sheet, for the keyboard and for anyone who does not drag: a player's (move to another group,
 * swap with a player of another group) and a group's (swap its players, or its tee time, with another group's).
 * Each answers one operation of the specification's swaps; the screen applies it as it applies a drag.
 */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { SelectField } from '../../../common/field.js';
import type { SheetOp } from '../../api/scheduling.js';
import { groupTitle, type SheetGroup } from './sheet.js';
import type { SheetPlayer } from './tee-sheet.js';

/** A round in play (issue 34): which groups have teed off, holes entered per player, who is out of the round. */
export interface InPlay {
  started: ReadonlySet<number>;
  holes: ReadonlyMap<string, number>;
  out: ReadonlySet<string>;
  onOutOfPlay: (playerId: string) => void;
  onReinstate: (playerId: string) => void;
}

export function PlayerMenu({ playerId, sheet, players, onOp, onClose, inPlay }: { playerId: string; sheet: SheetGroup[]; players: ReadonlyMap<string, SheetPlayer>; onOp: (op: SheetOp) => void; onClose: () => void; inPlay?: InPlay | undefined }) {
  const from = sheet.findIndex((g) => g.playerIds.includes(playerId));
  const name = players.get(playerId)?.name ?? 'this player';
  // A group that has teed off takes nobody new; a player with scores in one stays there.
  const targets = sheet.map((g, i) => ({ g, i })).filter(({ i }) => i !== from && !inPlay?.started.has(i));
  const [toGroup, setToGroup] = useState(String(targets[0]?.i ?? ''));
  const others = targets.flatMap(({ g, i }) => g.playerIds.map((id) => ({ value: id, label: `${players.get(id)?.name ?? id} (group ${i + 1})` })));
  const [withPlayer, setWithPlayer] = useState(others[0]?.value ?? '');
  const held = !!inPlay && inPlay.started.has(from) && (inPlay.holes.get(playerId) ?? 0) > 0;
  const isOut = inPlay?.out.has(playerId) ?? false;
  const outActions = inPlay ? (
    <div class="actions">
      {isOut ? (
        <button type="button" class="secondary" onClick={() => inPlay.onReinstate(playerId)}>
          Put {name} back in the round…
        </button>
      ) : (
        <button type="button" class="secondary" onClick={() => inPlay.onOutOfPlay(playerId)}>
          Take {name} out of the round…
        </button>
      )}
    </div>
  ) : null;
  if (held || (inPlay && targets.length === 0)) {
    return (
      <Dialog id="player-menu" open title={`Move ${name}`} onClose={onClose}>
        <p>
          {held
            ? `${groupTitle(sheet[from]!, from)} has teed off and ${name} has scores in: they stay in this group. To take ${name} out of play, mark them withdrawn: the holes played stay as they are.`
            : `Every other group has teed off: ${name} cannot move into one. To take ${name} out of play, mark them a no-show or withdrawn.`}
        </p>
        {outActions}
        <div class="actions">
          <button type="button" class="secondary" onClick={onClose}>
            Close
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog id="player-menu" open title={`Move ${name}`} onClose={onClose}>
      <p class="muted">Now in {groupTitle(sheet[from]!, from)}.</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onOp({ op: 'move_player', playerId, toGroup: Number(toGroup) + 1 });
        }}
      >
        <div class="inline-form">
          <SelectField id="menu-to-group" label="Move to group" value={toGroup} onValue={setToGroup} options={targets.map(({ g, i }) => ({ value: String(i), label: `${groupTitle(g, i)} (${g.playerIds.length} players)` }))} />
          <button type="submit">Move</button>
        </div>
      </form>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onOp({ op: 'swap_players', playerA: playerId, playerB: withPlayer });
        }}
      >
        <div class="inline-form">
          <SelectField id="menu-swap-with" label="Or swap places with" value={withPlayer} onValue={setWithPlayer} options={others} />
          <button type="submit" class="secondary">
            Swap players
          </button>
        </div>
      </form>
      {inPlay && inPlay.started.size > 0 ? <p class="muted small">Groups that have teed off are not offered: they keep their players.</p> : null}
      {outActions}
      <div class="actions">
        <button type="button" class="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

export function GroupMenu({ index, sheet, onOp, onClose, started }: { index: number; sheet: SheetGroup[]; onOp: (op: SheetOp) => void; onClose: () => void; started?: ReadonlySet<number> | undefined }) {
  const targets = sheet.map((g, i) => ({ g, i })).filter(({ i }) => i !== index && !started?.has(i));
  const [other, setOther] = useState(String(targets[0]?.i ?? ''));
  const [exchange, setExchange] = useState<'players' | 'tee_times'>('players');
  if (started?.has(index) || targets.length === 0) {
    return (
      <Dialog id="group-menu" open title={`Swap ${groupTitle(sheet[index]!, index)}`} onClose={onClose}>
        <p>
          {started?.has(index)
            ? `${groupTitle(sheet[index]!, index)} has teed off: its players, tee time and hole stay as they are. To take a player out of play, use their Move… button and mark them withdrawn or a no-show.`
            : 'Every other group has teed off: there is no group left to swap with.'}
        </p>
        <div class="actions">
          <button type="button" class="secondary" onClick={onClose}>
            Close
          </button>
        </div>
      </Dialog>
    );
  }
  return (
    <Dialog id="group-menu" open title={`Swap ${groupTitle(sheet[index]!, index)}`} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onOp({ op: 'swap_groups', groupA: index + 1, groupB: Number(other) + 1, exchange });
        }}
      >
        <SelectField id="menu-other-group" label="With group" value={other} onValue={setOther} options={targets.map(({ g, i }) => ({ value: String(i), label: groupTitle(g, i) }))} />
        <fieldset class="choices">
          <legend>What the two groups exchange</legend>
          <label class="choice">
            <input type="radio" name="exchange" checked={exchange === 'players'} onChange={() => setExchange('players')} />
            <span>
              <strong>Their players</strong> each group's players take the other's tee time and hole
            </span>
          </label>
          <label class="choice">
            <input type="radio" name="exchange" checked={exchange === 'tee_times'} onChange={() => setExchange('tee_times')} />
            <span>
              <strong>Their tee times</strong> the same players, each group starting at the other's time and hole
            </span>
          </label>
        </fieldset>
        <div class="actions">
          <button type="submit">Swap groups</button>
          <button type="button" class="secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
