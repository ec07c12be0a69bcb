/**
 * The tee sheet's late changes on the trip day (issue 34): taking a player out of a round (a no-show, a withdrawal)
 * with what it does to the money shown first, putting them back, and adding a player to a group that has not teed
 * off (a late arrival, or a player put back). The rules are the server's; the page shows its answers.
 */
import { useEffect, useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { SelectField } from '../../../common/field.js';
import { formatMoney } from '../../../common/format.js';
import { describeFailure } from '../../api/errors.js';
import { useAddPlayer, useOutOfPlay, useReinstate, type OutOfPlayAnswer } from '../../api/late-changes.js';
import { useTrip } from '../../api/queries.js';
import type { Pairings, Round } from '../../api/scheduling.js';

type Names = ReadonlyMap<string, string>;

/** "No-show" or "Withdrawn after 6 holes": what the sheet writes beside a player out of the round. */
export function outWords(out: { kind: 'no_show' | 'withdrawn'; afterHole: number }): string {
  return out.kind === 'no_show' ? 'No-show' : `Withdrawn after ${out.afterHole} ${out.afterHole === 1 ? 'hole' : 'holes'}`;
}

/** Each game's money per player before and after, only the players whose money changes. */
function MoneyChanges({ answer, names, currency }: { answer: OutOfPlayAnswer; names: Names; currency: string }) {
  if (answer.games.length === 0) return <p>{answer.name} plays in none of this round's games: no money changes.</p>;
  return (
    <>
      {answer.games.map((g) => {
        const ids = [...new Set([...Object.keys(g.before), ...Object.keys(g.after)])];
        const rows = ids.filter((id) => (g.before[id] ?? 0) !== (g.after[id] ?? 0) || !(id in g.after) !== !(id in g.before));
        return (
          <section key={g.gameId} class="money-changes" aria-label={`${g.name}: what changes`}>
            <h3>{g.name}</h3>
            <p class="muted small">
              {g.kind === 'skins'
                ? g.potCents !== null
                  ? `The pot of ${formatMoney(g.potCents, currency)} is shared by the ${g.players} players in the game.`
                  : answer.kind === 'no_show'
                    ? `${answer.name} is not in the game: the others play it.`
                    : `Skins won on holes ${answer.name} did not play are paid by the others only.`
                : g.ends === 'forfeit'
                  ? `The match ends: ${answer.name}'s side concedes the bets not yet decided.`
                  : g.ends === 'void'
                    ? 'The match ends: the bets not yet decided are off, nothing is owed for them.'
                    : 'The match goes on.'}
            </p>
            {rows.length === 0 ? (
              <p>Nobody's money changes so far.</p>
            ) : (
              <table class="table compact" aria-label="Money that changes">
                <thead>
                  <tr>
                    <th scope="col">Player</th>
                    <th scope="col">Now</th>
                    <th scope="col">After</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((id) => (
                    <tr key={id}>
                      <th scope="row">{names.get(id) ?? 'Player'}</th>
                      <td>{id in g.before ? formatMoney(g.before[id]!, currency, undefined, { signed: true }) : 'not in the game'}</td>
                      <td>{id in g.after ? formatMoney(g.after[id]!, currency, undefined, { signed: true }) : 'not in the game'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </>
  );
}

/** Out of the round: the preview first (money, group), then the organizer confirms. */
export function OutOfPlayDialog({ tripId, round, playerId, names, onClose, onDone }: { tripId: string; round: Round; playerId: string; names: Names; onClose: () => void; onDone: (text: string) => void }) {
  const mark = useOutOfPlay(tripId, round.id);
  const currency = useTrip(tripId).data?.currency ?? 'USD';
  const [nassau, setNassau] = useState<'forfeit' | 'void'>('forfeit');
  const [preview, setPreview] = useState<OutOfPlayAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = names.get(playerId) ?? 'this player';
  useEffect(() => {
    let live = true;
    mark.run({ playerId, nassau, preview: true }).then(
      (a) => live && setPreview(a),
      (e: unknown) => live && setError(describeFailure(e)),
    );
    return () => {
      live = false;
    };
  }, [playerId, nassau]);
  const hasNassau = preview?.games.some((g) => g.kind === 'nassau');
  const what = preview ? (preview.kind === 'no_show' ? `${name} as a no-show` : `${name} withdrawn after ${preview.afterHole} holes`) : name;
  return (
    <Dialog id="out-of-play" open title={`Take ${name} out of ${round.name}`} onClose={onClose}>
      {error ? <p class="notice error" role="alert">{error}</p> : null}
      {!preview ? (
        !error ? <p role="status">Working out what changes…</p> : null
      ) : (
        <>
          <p>
            {preview.kind === 'no_show'
              ? `${name} has no score yet: they are marked a no-show and are in none of the round's games or boards.`
              : `${name} has played ${preview.afterHole} holes: those stay as they are; from now on they are out of the boards and games.`}{' '}
            {preview.leavesGroup !== null ? `They leave group ${preview.leavesGroup}, whose phones drop their card at the next sync.` : 'They stay listed in their group, marked.'} {name} stays on the trip.
          </p>
          {hasNassau ? (
            <fieldset class="choices">
              <legend>How the Nassau ends if {name}'s side has nobody left</legend>
              <label class="choice">
                <input type="radio" name="nassau-end" checked={nassau === 'forfeit'} onChange={() => setNassau('forfeit')} />
                <span>
                  <strong>Forfeit</strong> the opponents win the bets not yet decided (a concession)
                </span>
              </label>
              <label class="choice">
                <input type="radio" name="nassau-end" checked={nassau === 'void'} onChange={() => setNassau('void')} />
                <span>
                  <strong>Void</strong> the bets not yet decided are off: nothing is owed for them
                </span>
              </label>
            </fieldset>
          ) : null}
          <h3>What the money does</h3>
          <MoneyChanges answer={preview} names={names} currency={currency} />
        </>
      )}
      <div class="actions">
        <button
          type="button"
          disabled={!preview || mark.pending}
          onClick={() =>
            void mark.run({ playerId, nassau, preview: false }).then(
              (a) => onDone(`${a.name} is ${a.kind === 'no_show' ? 'marked a no-show' : `withdrawn after ${a.afterHole} holes`}. Boards, games and phones follow.`),
              (e: unknown) => setError(describeFailure(e)),
            )
          }
        >
          Mark {what}
        </button>
        <button type="button" class="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

/** Putting a player back: the money effect first, refused once money was paid. */
export function ReinstateDialog({ tripId, round, playerId, names, onClose, onDone }: { tripId: string; round: Round; playerId: string; names: Names; onClose: () => void; onDone: (text: string) => void }) {
  const back = useReinstate(tripId, round.id);
  const currency = useTrip(tripId).data?.currency ?? 'USD';
  const [preview, setPreview] = useState<OutOfPlayAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const name = names.get(playerId) ?? 'this player';
  useEffect(() => {
    back.run({ playerId, preview: true }).then(setPreview, (e: unknown) => setError(describeFailure(e)));
  }, [playerId]);
  return (
    <Dialog id="reinstate" open title={`Put ${name} back in ${round.name}`} onClose={onClose}>
      {error ? <p class="notice error" role="alert">{error}</p> : null}
      {preview ? (
        <>
          <p>{name} plays the round again: their card counts in the boards and games. If they left their group, add them to one below the tee sheet.</p>
          <h3>What the money does</h3>
          <MoneyChanges answer={preview} names={names} currency={currency} />
        </>
      ) : !error ? (
        <p role="status">Working out what changes…</p>
      ) : null}
      <div class="actions">
        <button type="button" disabled={!preview || back.pending} onClick={() => void back.run({ playerId, preview: false }).then(() => onDone(`${name} is back in ${round.name}.`), (e: unknown) => setError(describeFailure(e)))}>
          Put {name} back
        </button>
        <button type="button" class="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}

/**
 * Below the sheet of a round in play: players of the round in no group (taken out, or put back), and adding a trip
 * player to a group that has not teed off.
 */
export function LateArrivals({ tripId, round, pairings, tripPlayers, onReinstate, onDone }: { tripId: string; round: Round; pairings: Pairings; tripPlayers: readonly { id: string; name: string }[]; onReinstate: (playerId: string) => void; onDone: (text: string, error?: boolean) => void }) {
  const add = useAddPlayer(tripId, round.id);
  const grouped = new Set(pairings.groups.flatMap((g) => g.playerIds));
  const outOfGroups = pairings.outOfGroups ?? [];
  const out = new Set(outOfGroups.filter((p) => p.outOfPlay).map((p) => p.id));
  const candidates = tripPlayers.filter((p) => !grouped.has(p.id) && !out.has(p.id));
  const open = pairings.groups.map((g, i) => ({ g, i })).filter(({ g }) => !g.started);
  const [playerId, setPlayerId] = useState('');
  const [toGroup, setToGroup] = useState('');
  const chosenPlayer = candidates.some((c) => c.id === playerId) ? playerId : (candidates[0]?.id ?? '');
  const chosenGroup = open.some(({ i }) => String(i) === toGroup) ? toGroup : String(open[0]?.i ?? '');
  return (
    <section class="late-arrivals" aria-labelledby="late-title">
      <h3 id="late-title">Late changes</h3>
      {outOfGroups.length ? (
        <ul class="plain-list" aria-label="In the round, in no group">
          {outOfGroups.map((p) => (
            <li key={p.id}>
              <strong>{p.name}</strong> {p.outOfPlay ? `· ${outWords(p.outOfPlay)}` : '· in no group'}{' '}
              {p.outOfPlay ? (
                <button type="button" class="link" onClick={() => onReinstate(p.id)}>
                  Put {p.name} back…
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {open.length === 0 ? (
        <p class="muted">Every group has teed off: a late arrival can no longer join one. Add them to the next round instead.</p>
      ) : candidates.length === 0 ? (
        <p class="muted">Everyone on the trip is in a group. A late arrival is added to the trip on the Players tab first, then to a group here.</p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const who = candidates.find((c) => c.id === chosenPlayer)?.name ?? 'The player';
            void add.run({ playerId: chosenPlayer, toGroup: Number(chosenGroup) + 1 }).then(
              () => onDone(`${who} joined group ${Number(chosenGroup) + 1}. Its phones show the new card at their next sync.`),
              (err: unknown) => onDone(`Not done: ${describeFailure(err)}`, true),
            );
          }}
        >
          <p class="muted small">A late arrival (or a player put back) joins a group that has not teed off; groups that have started keep their players.</p>
          <div class="inline-form">
            <SelectField id="late-player" label="Add a player" value={chosenPlayer} onValue={setPlayerId} options={candidates.map((c) => ({ value: c.id, label: c.name }))} />
            <SelectField id="late-group" label="To group" value={chosenGroup} onValue={setToGroup} options={open.map(({ g, i }) => ({ value: String(i), label: `Group ${i + 1}${g.teeTime ? ` (${g.teeTime})` : ''}, ${g.playerIds.length} players` }))} />
            <button type="submit" disabled={add.pending}>
              Add to group
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
