/**
 * Adding or changing one player, in a dialog: name, email, phone, Handicap Index, team, division, flight, role and
 * custom fields. Checked with the schema the route uses (`PlayerInput` to add, `PatchPlayerBody` to change) before
 * sending; the server's refusals show at their fields.
 */
import { PatchPlayerBody, PlayerInput } from '../../../../shared/schemas/player.js';
import { Dialog } from '../../../common/dialog.js';
import { SelectField, TextField } from '../../../common/field.js';
import { useAddPlayer, usePatchPlayer, type Player } from '../../api/players.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { readHandicap } from './roster.js';
import { handicapText, ROLE_OPTIONS } from './player-format.js';

type Values = {
  name: string;
  email: string;
  phone: string;
  handicapIndex: string;
  team: string;
  division: string;
  flight: string;
  role: string;
  fields: { name: string; value: string }[];
};

const labels: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  handicapIndex: 'Handicap Index',
  team: 'Team',
  division: 'Division',
  flight: 'Flight',
  role: 'Role',
  fields: 'Custom fields',
};

const valuesOf = (p: Player | null): Values => ({
  name: p?.name ?? '',
  email: p?.email ?? '',
  phone: p?.phone ?? '',
  handicapIndex: handicapText(p?.handicapIndex),
  team: p?.team ?? '',
  division: p?.division ?? '',
  flight: p?.flight ?? '',
  role: p?.role ?? 'player',
  fields: Object.entries(p?.fields ?? {}).map(([name, value]) => ({ name, value: String(value) })),
});

/** The form as a body: empty fields left out when adding, sent as null (removed) when changing. */
function bodyOf(v: Values, change: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = { name: v.name, role: v.role };
  const opt = (k: string, s: string | number | undefined) => {
    const t = typeof s === 'string' ? s.trim() : s;
    if (t !== '' && t !== undefined) body[k] = t;
    else if (change) body[k] = null;
  };
  opt('email', v.email);
  opt('phone', v.phone);
  opt('handicapIndex', readHandicap(v.handicapIndex));
  opt('team', v.team);
  opt('division', v.division);
  opt('flight', v.flight);
  const fields = Object.fromEntries(v.fields.filter((f) => f.name.trim() || f.value.trim()).map((f) => [f.name.trim(), f.value.trim()]));
  if (Object.keys(fields).length) body.fields = fields;
  else if (change) body.fields = null;
  return body;
}

export function PlayerDialog({ tripId, player, open, onClose, onSaved }: { tripId: string; player: Player | null; open: boolean; onClose: () => void; onSaved: (p: Player, added: boolean) => void }) {
  return (
    <Dialog id="player-dialog" open={open} title={player ? `Change ${player.name}` : 'Add a player'} onClose={onClose} class="wide-dialog">
      {/* Keyed by the player, so each opening starts from their current values. */}
      <PlayerForm key={player?.id ?? 'new'} tripId={tripId} player={player} onClose={onClose} onSaved={onSaved} />
    </Dialog>
  );
}

function PlayerForm({ tripId, player, onClose, onSaved }: { tripId: string; player: Player | null; onClose: () => void; onSaved: (p: Player, added: boolean) => void }) {
  const form = useForm<Values>(() => valuesOf(player), labels, 'player');
  const add = useAddPlayer(tripId);
  const patch = usePatchPlayer(tripId);
  const v = form.values;
  const f = (k: Exclude<keyof Values, 'fields'>) => ({ id: form.idOf(k), errors: form.errorsAt(k), value: v[k], onValue: (x: string) => form.set(k, x) });
  const setField = (i: number, part: 'name' | 'value', x: string) => form.set('fields', v.fields.map((row, j) => (j === i ? { ...row, [part]: x } : row)));
  const submit = (e: Event) => {
    e.preventDefault();
    const body = bodyOf(v, !!player);
    if (Number.isNaN(body.handicapIndex)) {
      form.setErrors({ handicapIndex: ['Write a number like 12.4, or +2.1 for a plus handicap.'] });
      return;
    }
    void form.submit(
      (b) => (player ? PatchPlayerBody.safeParse(b) : PlayerInput.safeParse(b)),
      body,
      async (parsed) => {
        const saved = player ? await patch.run({ playerId: player.id, body: parsed }) : await add.run(parsed as PlayerInput);
        onSaved(saved, !player);
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormProblems form={form} labels={labels} />
      <div class="form-grid">
        <TextField {...f('name')} label="Name" maxLength={120} autoComplete="off" />
        <TextField {...f('email')} label="Email" type="email" hint="Their portal link is mailed here." autoComplete="off" />
        <TextField {...f('phone')} label="Phone" type="tel" autoComplete="off" />
        <TextField {...f('handicapIndex')} label="Handicap Index" inputMode="decimal" hint="e.g. 12.4; +2.1 for a plus handicap." />
        <TextField {...f('team')} label="Team" hint="Players with the same team name play together." maxLength={60} />
        <TextField {...f('division')} label="Division" maxLength={60} />
        <TextField {...f('flight')} label="Flight" maxLength={60} />
        <SelectField {...f('role')} label="Role" options={ROLE_OPTIONS} hint="An organizer with an email co-organizes the trip with the account of that email." />
      </div>
      <fieldset class="custom-fields">
        <legend>Custom fields</legend>
        {form.errorsAt('fields') ? <p class="field-error">{form.errorsAt('fields')!.join(' ')}</p> : null}
        {v.fields.map((row, i) => (
          <div class="custom-field" key={i}>
            <TextField id={`player-field-${i}-name`} label={`Field ${i + 1} name`} value={row.name} onValue={(x) => setField(i, 'name', x)} maxLength={40} />
            <TextField id={`player-field-${i}-value`} label={`Field ${i + 1} value`} value={row.value} onValue={(x) => setField(i, 'value', x)} maxLength={120} />
            <button type="button" class="secondary" onClick={() => form.set('fields', v.fields.filter((_, j) => j !== i))} aria-label={`Remove field ${i + 1}`}>
              Remove
            </button>
          </div>
        ))}
        <button type="button" class="secondary" onClick={() => form.set('fields', [...v.fields, { name: '', value: '' }])} disabled={v.fields.length >= 20}>
          Add a field
        </button>
      </fieldset>
      <div class="actions">
        <button type="submit" disabled={form.busy}>
          {player ? 'Save changes' : 'Add player'}
        </button>
        <button type="button" class="secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
