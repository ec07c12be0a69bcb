/**
 * A skins game or a Nassau, new or changed: players (skins) or sides (Nassau), gross or net, the stake and the
 * rules. On a completed round the server refuses the change (409) until the organizer confirms it: the dialog says
 * what confirming does (the game computes from the scores already there; the money follows) and sends
 * `confirmCompleted: true`.
 */
import { useState } from 'preact/hooks';
import { currencyDigits } from '../../../../shared/domain/money/currency.js';
import { Dialog } from '../../../common/dialog.js';
import { CheckboxField, SelectField, TextField } from '../../../common/field.js';
import { formatMoney, plural } from '../../../common/format.js';
import { parseAmount } from '../../../portal/screens/money/amount.js';
import { describeFailure, isApiError } from '../../api/errors.js';
import type { Round } from '../../api/rounds.js';
import { useCreateSideGame, usePatchSideGame, type SideGame, type SideGameWithState } from '../../api/games.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { BASIS_OPTIONS, PRESS_OPTIONS, type Names } from './game-words.js';

type Kind = SideGame['kind'];
type Values = {
  name: string;
  basis: 'gross' | 'net';
  players: string[];
  sides: Record<string, '' | 'a' | 'b'>;
  mode: 'per_skin' | 'pot' | 'buy_in';
  amount: string;
  carryover: boolean;
  validation: boolean;
  leftover: 'refund' | 'split_among_winners' | 'last_hole_playoff_none' | 'carry_to_next_round';
  splitStakes: boolean;
  front: string;
  back: string;
  overall: string;
  autoPress: 'off' | 'original_bets' | 'presses_on_presses';
  allowance: string;
};

const labels: Record<string, string> = {
  name: 'Name',
  basis: 'Scores compared',
  participants: 'Players',
  'participants.a': 'Side A',
  'participants.b': 'Side B',
  amount: 'Stake',
  'config.cents': 'Stake',
  'config.stakes': 'Stake',
  front: 'Front nine stake',
  back: 'Back nine stake',
  overall: 'Overall stake',
  'config.allowancePercent': 'Handicap allowance',
  allowance: 'Handicap allowance',
  roundId: 'Round',
};

/** Cents as the text a field shows: 500 → "5.00" (EUR), "500" (JPY). */
export function centsText(cents: number, currency: string): string {
  const d = currencyDigits(currency);
  if (d === 0) return String(cents);
  const s = String(cents).padStart(d + 1, '0');
  return `${s.slice(0, -d)}.${s.slice(-d)}`;
}

function initial(kind: Kind, round: Round, currency: string, game?: SideGame): Values {
  const base: Values = {
    name: game?.name ?? '',
    basis: game?.basis ?? 'net',
    players: [...round.playerIds],
    sides: {},
    mode: 'per_skin',
    amount: '',
    carryover: true,
    validation: false,
    leftover: 'refund',
    splitStakes: false,
    front: '',
    back: '',
    overall: '',
    autoPress: 'off',
    allowance: '',
  };
  if (game?.kind === 'skins') {
    const c = game.config;
    Object.assign(base, { players: [...game.participants], mode: c.mode, amount: centsText(c.cents, currency), carryover: c.carryover, validation: c.validation, leftover: c.leftover });
  }
  if (game?.kind === 'nassau') {
    const c = game.config;
    const sides: Values['sides'] = {};
    for (const id of game.participants.a) sides[id] = 'a';
    for (const id of game.participants.b) sides[id] = 'b';
    const s = c.stakes;
    Object.assign(base, {
      sides,
      autoPress: c.autoPress,
      allowance: c.allowancePercent === undefined ? '' : String(c.allowancePercent),
      ...(typeof s === 'number' ? { amount: centsText(s, currency) } : { splitStakes: true, front: centsText(s.front, currency), back: centsText(s.back, currency), overall: centsText(s.overall, currency) }),
    });
  }
  if (!game && kind === 'nassau') base.autoPress = 'off';
  return base;
}

/** The body of the request, or the problems of the form by field. */
function bodyOf(kind: Kind, v: Values, currency: string): { body: Record<string, unknown> } | { problems: Record<string, string[]> } {
  const problems: Record<string, string[]> = {};
  const money = (key: string, text: string): number | undefined => {
    if (text.trim() === '0') return 0;
    const r = parseAmount(text, currency);
    if (!r.ok) problems[key] = [r.message];
    return r.ok ? r.cents : undefined;
  };
  const body: Record<string, unknown> = { basis: v.basis };
  if (v.name.trim()) body.name = v.name.trim();
  if (kind === 'skins') {
    if (v.players.length < 2) problems.participants = ['Choose at least two players.'];
    body.participants = v.players;
    body.config = { mode: v.mode, cents: money('amount', v.amount), carryover: v.carryover, validation: v.validation, leftover: v.leftover };
  } else {
    const a = Object.keys(v.sides).filter((id) => v.sides[id] === 'a');
    const b = Object.keys(v.sides).filter((id) => v.sides[id] === 'b');
    if (!a.length || !b.length) problems.participants = ['Put at least one player on each side.'];
    else if (a.length !== b.length) problems.participants = [`Both sides need as many players: side A has ${a.length}, side B ${b.length}.`];
    body.participants = { a, b };
    const stakes = v.splitStakes ? { front: money('front', v.front), back: money('back', v.back), overall: money('overall', v.overall) } : money('amount', v.amount);
    const config: Record<string, unknown> = { stakes, autoPress: v.autoPress };
    if (v.allowance.trim()) {
      const n = Number(v.allowance);
      if (!Number.isFinite(n) || n < 0 || n > 100) problems.allowance = ['Enter a percentage from 0 to 100, or leave it empty for the usual allowance.'];
      config.allowancePercent = n;
    }
    body.config = config;
  }
  return Object.keys(problems).length ? { problems } : { body };
}

export interface SideGameFormProps {
  tripId: string;
  currency: string;
  kind: Kind;
  round: Round;
  names: Names;
  /** The game changed; absent for a new one. */
  game?: SideGame;
  onDone: (saved: SideGameWithState) => void;
  onCancel: () => void;
}

export function SideGameForm({ tripId, currency, kind, round, names, game, onDone, onCancel }: SideGameFormProps) {
  const create = useCreateSideGame(tripId);
  const patch = usePatchSideGame(tripId, game?.id ?? '');
  const form = useForm<Values>(() => initial(kind, round, currency, game), labels, game ? `edit-${kind}` : `new-${kind}`);
  const [confirming, setConfirming] = useState<Record<string, unknown> | null>(null);
  const [confirmError, setConfirmError] = useState<unknown>(null);
  const v = form.values;
  const completed = round.state === 'completed';
  const title = game ? `Change ${game.name}` : kind === 'skins' ? 'New skins game' : 'New Nassau';

  const send = async (body: Record<string, unknown>) => {
    const saved = game ? await patch.run(body) : await create.run({ ...body, kind, roundId: round.id });
    onDone(saved);
  };
  const submit = (e: Event) => {
    e.preventDefault();
    const r = bodyOf(kind, v, currency);
    if ('problems' in r) {
      form.setErrors(r.problems);
      return;
    }
    if (completed) {
      setConfirmError(null);
      setConfirming(r.body);
      return;
    }
    // The round may have been completed since this page was read: the server then asks for the confirmation.
    const sendOrAsk = async (body: Record<string, unknown>) => {
      try {
        await send(body);
      } catch (err) {
        if (!isApiError(err) || err.code !== 'round_state_conflict') throw err;
        setConfirmError(null);
        setConfirming(body);
      }
    };
    void form.submit((b) => ({ success: true, data: b as Record<string, unknown> }), r.body, sendOrAsk);
  };

  return (
    <form class="card game-form" noValidate aria-labelledby="game-form-title" onSubmit={submit}>
      <h2 id="game-form-title">{title}</h2>
      <p class="muted">
        {round.name}
        {completed
          ? ' is completed: the game will compute at once from the scores already entered, after you confirm.'
          : game
            ? ': the game recomputes from the scores entered so far, and golfers see the change on their phones at their next sync. Its money joins the settlement once the round is completed.'
            : ': the game counts each hole once every player in it has finished the hole; golfers see it on their phones.'}
      </p>
      <FormProblems form={form} labels={labels} />
      <div class="form-grid">
        <TextField id={form.idOf('name')} label="Name" hint={`Optional: “${kind === 'skins' ? 'Skins' : 'Nassau'} – ${round.name}” otherwise.`} value={v.name} onValue={(s) => form.set('name', s)} errors={form.errorsAt('name')} maxLength={120} />
        <SelectField
          id={form.idOf('basis')}
          label="Scores compared"
          value={v.basis}
          onValue={(s) => form.set('basis', s as Values['basis'])}
          options={BASIS_OPTIONS}
          hint={kind === 'skins' ? 'Net skins use each player’s Playing Handicap frozen on their scorecard.' : 'A net Nassau is match play: the lowest handicap plays off zero, the others receive the difference.'}
        />
      </div>
      {kind === 'skins' ? <SkinsFields form={form} round={round} names={names} currency={currency} /> : <NassauFields form={form} round={round} names={names} currency={currency} />}
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {form.busy ? 'Saving…' : game ? 'Save changes' : kind === 'skins' ? 'Add skins' : 'Add the Nassau'}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <Dialog id="confirm-completed" open={!!confirming} title={`${round.name} is completed`} onClose={() => setConfirming(null)}>
        <ul class="does">
          <li>The game computes from the scores already there, hole by hole, and its result is final at once.</li>
          <li>The money follows: each player’s win or debt joins the balances and the unified and per-organizer settlement plans; a plan not yet paid is planned again.</li>
          <li>Settlements already paid or confirmed are never rewritten: any difference is settled by the next plan.</li>
        </ul>
        {confirmError ? (
          <p class="notice error" role="alert">
            {describeFailure(confirmError)}
          </p>
        ) : null}
        <div class="actions">
          <button
            type="button"
            disabled={form.busy}
            onClick={() => {
              const body = { ...confirming!, confirmCompleted: true };
              void form
                .submit((b) => ({ success: true, data: b as Record<string, unknown> }), body, send)
                .then(() => setConfirming(null))
                .catch((err: unknown) => setConfirmError(err));
            }}
          >
            {form.busy ? 'Saving…' : game ? 'Change it and recompute' : 'Add it and compute from the scores'}
          </button>
          <button type="button" class="secondary" onClick={() => setConfirming(null)}>
            Go back
          </button>
        </div>
      </Dialog>
    </form>
  );
}

type FormApi = ReturnType<typeof useForm<Values>>;

/** What the buy-ins make as the organizer types: "Pot: €480.00 from 24 players." */
function buyInHint(amount: string, players: number, currency: string): string {
  const r = amount.trim() ? parseAmount(amount, currency) : null;
  const pot = r?.ok ? `Pot: ${formatMoney(r.cents * players, currency)} from ${plural(players, 'player')}.` : `The pot is the buy-in times the ${plural(players, 'player')} in the game.`;
  return `${pot} A player who does not turn up pays nothing; one who stops during the round has paid in, and their buy-in stays in the pot.`;
}

function SkinsFields({ form, round, names, currency }: { form: FormApi; round: Round; names: Names; currency: string }) {
  const v = form.values;
  const toggle = (id: string, on: boolean) => form.set('players', on ? [...v.players, id] : v.players.filter((p) => p !== id));
  return (
    <>
      <fieldset id={form.idOf('participants')} tabIndex={-1}>
        <legend>Players ({v.players.length} of {round.playerIds.length})</legend>
        {form.errorsAt('participants') ? <p class="field-error">{form.errorsAt('participants')!.join(' ')}</p> : null}
        <div class="player-checks">
          {round.playerIds.map((id) => (
            <CheckboxField key={id} id={`skins-player-${id}`} label={names.get(id) ?? id} checked={v.players.includes(id)} onValue={(on) => toggle(id, on)} />
          ))}
        </div>
      </fieldset>
      <div class="form-grid">
        <SelectField
          id={form.idOf('mode')}
          label="How skins are paid"
          value={v.mode}
          onValue={(s) => form.set('mode', s as Values['mode'])}
          options={[
            { value: 'per_skin', label: 'A price per skin: each other player pays the winner' },
            { value: 'buy_in', label: 'A buy-in per player: the pot is what the players in it put in' },
            { value: 'pot', label: 'A whole pot shared by the skins won' },
          ]}
        />
        <TextField
          id={form.idOf('amount')}
          label={v.mode === 'per_skin' ? `Value of a skin (${currency})` : v.mode === 'buy_in' ? `Buy-in per player (${currency})` : `The whole pot (${currency})`}
          hint={v.mode === 'buy_in' ? buyInHint(v.amount, v.players.length, currency) : undefined}
          inputMode="decimal"
          value={v.amount}
          onValue={(s) => form.set('amount', s)}
          errors={form.errorsAt('amount') ?? form.errorsAt('config.cents')}
        />
        <SelectField
          id={form.idOf('leftover')}
          label="Skins still tied after the last hole"
          value={v.leftover}
          onValue={(s) => form.set('leftover', s as Values['leftover'])}
          options={[
            { value: 'refund', label: 'Not paid (nobody wins them)' },
            { value: 'split_among_winners', label: 'Shared by the players who won skins' },
            { value: 'last_hole_playoff_none', label: 'Go to nobody' },
            { value: 'carry_to_next_round', label: 'Carry into the next round’s skins' },
          ]}
        />
      </div>
      <CheckboxField id={form.idOf('carryover')} label="Carry over: a tied hole’s skin goes to the next hole" checked={v.carryover} onValue={(b) => form.set('carryover', b)} />
      <CheckboxField id={form.idOf('validation')} label="Validation: the winner must tie or win the next hole to keep the skin" checked={v.validation} onValue={(b) => form.set('validation', b)} />
    </>
  );
}

function NassauFields({ form, round, names, currency }: { form: FormApi; round: Round; names: Names; currency: string }) {
  const v = form.values;
  const a = Object.values(v.sides).filter((s) => s === 'a').length;
  const b = Object.values(v.sides).filter((s) => s === 'b').length;
  return (
    <>
      <fieldset id={form.idOf('participants')} tabIndex={-1}>
        <legend>
          Sides: A has {a}, B has {b} {a > 1 && a === b ? '(four-ball: better ball of the partners)' : ''}
        </legend>
        <p class="field-hint">One player a side for singles; two a side for a four-ball. Everyone else stays out.</p>
        {form.errorsAt('participants') ? <p class="field-error">{form.errorsAt('participants')!.join(' ')}</p> : null}
        <div class="side-picks">
          {round.playerIds.map((id) => (
            <SelectField
              key={id}
              id={`nassau-side-${id}`}
              label={names.get(id) ?? id}
              value={v.sides[id] ?? ''}
              onValue={(s) => form.set('sides', { ...v.sides, [id]: s as '' | 'a' | 'b' })}
              options={[
                { value: '', label: 'Not playing' },
                { value: 'a', label: 'Side A' },
                { value: 'b', label: 'Side B' },
              ]}
            />
          ))}
        </div>
      </fieldset>
      <CheckboxField id={form.idOf('splitStakes')} label="A different stake for the front nine, back nine and overall" checked={v.splitStakes} onValue={(s) => form.set('splitStakes', s)} />
      <div class="form-grid">
        {v.splitStakes ? (
          <>
            <TextField id={form.idOf('front')} label={`Front nine stake (${currency})`} inputMode="decimal" value={v.front} onValue={(s) => form.set('front', s)} errors={form.errorsAt('front')} />
            <TextField id={form.idOf('back')} label={`Back nine stake (${currency})`} inputMode="decimal" value={v.back} onValue={(s) => form.set('back', s)} errors={form.errorsAt('back')} />
            <TextField id={form.idOf('overall')} label={`Overall stake (${currency})`} inputMode="decimal" value={v.overall} onValue={(s) => form.set('overall', s)} errors={form.errorsAt('overall')} />
          </>
        ) : (
          <TextField id={form.idOf('amount')} label={`Stake per bet (${currency})`} hint="Each player, on each of the three bets." inputMode="decimal" value={v.amount} onValue={(s) => form.set('amount', s)} errors={form.errorsAt('amount') ?? form.errorsAt('config.stakes')} />
        )}
        <SelectField
          id={form.idOf('autoPress')}
          label="Presses"
          value={v.autoPress}
          onValue={(s) => form.set('autoPress', s as Values['autoPress'])}
          options={PRESS_OPTIONS}
        />
        <TextField
          id={form.idOf('allowance')}
          label="Handicap allowance (%)"
          hint={`Empty: the usual ${a > 1 ? '90 % for a four-ball' : '100 % for singles'} (WHS Appendix C). Net games only.`}
          inputMode="decimal"
          value={v.allowance}
          onValue={(s) => form.set('allowance', s)}
          errors={form.errorsAt('allowance') ?? form.errorsAt('config.allowancePercent')}
        />
      </div>
    </>
  );
}
