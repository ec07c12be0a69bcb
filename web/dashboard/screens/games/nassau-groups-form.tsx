/**
 * A Nassau in every group of a round, in one action (issue 35, `POST …/rounds/:roundId/nassau-per-group`): the
 * organizer picks four-ball (two against two in each group of four: the round's four-ball sides when it has them,
 * else players 1 and 2 against 3 and 4 as the pairings list them, or by handicap) or singles (every player against
 * each of the others in the group), enters the stakes once, and sees each group's matches before adding them.
 * Groups with a Nassau already are left as they are; a group of two plays singles; a group of three, five or six
 * gets no four-ball (the singles action adds its matches later, as it only adds where no Nassau is).
 */
import { useMemo } from 'preact/hooks';
import { sidesByHandicap } from '../../../../shared/domain/games/four-ball-sides.js';
import { listInWords, plural } from '../../../common/format.js';
import { SelectField, TextField } from '../../../common/field.js';
import { parseAmount } from '../../../portal/screens/money/amount.js';
import { useNassauPerGroup, useSideGames, type NassauPerGroupResult } from '../../api/games.js';
import { useRoundHandicaps, type Round } from '../../api/rounds.js';
import { useSides } from '../../api/sides.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { BASIS_OPTIONS, nameOf, PRESS_OPTIONS, type Names } from './game-words.js';

type Values = {
  pairing: 'four_ball' | 'singles';
  partners: 'order' | 'handicap';
  basis: 'net' | 'gross';
  amount: string;
  autoPress: 'off' | 'original_bets' | 'presses_on_presses';
};

const labels: Record<string, string> = {
  pairing: 'Matches in each group',
  partners: 'Partners',
  basis: 'Scores compared',
  amount: 'Stake per bet',
  'config.stakes': 'Stake per bet',
  'config.autoPress': 'Presses',
  roundId: 'Round',
};

type Plan = { number: number; lines: string[]; note: string | null };

/** Every pair of a group, 1 v 2, 1 v 3, …: the server makes the same matches. */
const pairsOf = (ids: readonly string[]) => ids.flatMap((p, i) => ids.slice(i + 1).map((q) => [p, q] as const));

/** The summary an organizer reads after adding: how many games, and each group left out with why. */
export function perGroupSummary(r: NassauPerGroupResult): string {
  const made = r.created.length;
  const groupsWith = r.groups.filter((g) => g.gameIds.length > 0).length;
  const head = made === 0 ? 'No Nassau added.' : r.pairing === 'four_ball' && made === groupsWith ? `${plural(made, 'Nassau game')} added, one in each of ${plural(groupsWith, 'group')}.` : `${plural(made, 'Nassau match', 'Nassau matches')} added in ${plural(groupsWith, 'group')}.`;
  const had = r.groups.filter((g) => g.skipped === 'has_nassau').map((g) => g.number);
  const small = r.groups.filter((g) => g.skipped === 'not_four');
  const parts = [head];
  if (had.length) parts.push(`${had.length === 1 ? 'Group' : 'Groups'} ${listInWords(had.map(String))} ${had.length === 1 ? 'has' : 'have'} a Nassau already: left as ${had.length === 1 ? 'it is' : 'they are'}.`);
  if (small.length) parts.push(`No four-ball in ${listInWords(small.map((g) => `group ${g.number} (${g.players} players)`))}: choose Nassau in every group again with singles to add their matches.`);
  return parts.join(' ');
}

export function NassauGroupsForm({ tripId, currency, round, names, onDone, onCancel }: { tripId: string; currency: string; round: Round; names: Names; onDone: (r: NassauPerGroupResult) => void; onCancel: () => void }) {
  const make = useNassauPerGroup(tripId, round.id);
  const games = useSideGames(tripId, round.id);
  const fourBallRound = round.format === 'four_ball' && round.state !== 'draft';
  const sides = useSides(tripId, round.id, fourBallRound);
  const handicaps = useRoundHandicaps(tripId, round.id);
  const form = useForm<Values>(() => ({ pairing: 'four_ball', partners: 'order', basis: 'net', amount: '', autoPress: 'off' }), labels, 'per-group');
  const v = form.values;
  const completed = round.state === 'completed';
  const name = (id: string) => nameOf(names, id);
  const pair = (ids: readonly string[]) => ids.map(name).join(' & ');

  const plans = useMemo((): Plan[] => {
    const nassaus = (games.data ?? []).filter((g) => g.game.kind === 'nassau').map((g) => g.game);
    const sideCards = sides.data ?? [];
    const ph = new Map((handicaps.data?.players ?? []).map((p) => [p.playerId, p.playingHandicap]));
    return round.groups.map((g): Plan => {
      const inGroup = new Set(g.playerIds);
      const had = nassaus.find((n) => n.kind === 'nassau' && [...n.participants.a, ...n.participants.b].every((p) => inGroup.has(p)));
      if (had) return { number: g.number, lines: [], note: `has a Nassau already (${had.name}): left as it is` };
      if (v.pairing === 'singles' || g.playerIds.length === 2) {
        const lines = pairsOf(g.playerIds).map(([p, q]) => `${name(p)} v ${name(q)}`);
        return { number: g.number, lines, note: v.pairing === 'four_ball' ? 'two players: a singles match' : null };
      }
      if (g.playerIds.length !== 4) return { number: g.number, lines: [], note: `${g.playerIds.length} players cannot make two sides of two: no four-ball here (add singles for this group afterwards)` };
      const own = sideCards.filter((c) => c.groupId === g.id);
      if (own.length === 2) return { number: g.number, lines: [`${pair(own[0]!.playerIds)} v ${pair(own[1]!.playerIds)}`], note: 'the round’s four-ball sides' };
      if (v.partners === 'handicap') {
        const r = sidesByHandicap(g.playerIds.map((id) => ({ id, playingHandicap: ph.get(id) ?? null })));
        if (r.ok) return { number: g.number, lines: [`${pair(r.value[0])} v ${pair(r.value[1])}`], note: null };
      }
      return { number: g.number, lines: [`${pair(g.playerIds.slice(0, 2))} v ${pair(g.playerIds.slice(2))}`], note: null };
    });
  }, [games.data, sides.data, handicaps.data, v.pairing, v.partners, round.groups, names]);

  const everyFourHasSides = fourBallRound && round.groups.filter((g) => g.playerIds.length === 4).every((g) => (sides.data ?? []).filter((c) => c.groupId === g.id).length === 2);
  const matches = plans.reduce((n, p) => n + p.lines.length, 0);

  const submit = (e: Event) => {
    e.preventDefault();
    const r = v.amount.trim() === '0' ? { ok: true as const, cents: 0 } : parseAmount(v.amount, currency);
    if (!r.ok) {
      form.setErrors({ amount: [r.message] });
      return;
    }
    const body: Record<string, unknown> = { pairing: v.pairing, partners: v.partners, basis: v.basis, config: { stakes: r.cents, autoPress: v.autoPress } };
    if (completed) body.confirmCompleted = true;
    void form.submit((b) => ({ success: true, data: b as Record<string, unknown> }), body, async (b) => onDone(await make.run(b)));
  };

  return (
    <form class="card game-form" noValidate aria-labelledby="per-group-title" onSubmit={submit}>
      <h2 id="per-group-title">A Nassau in every group</h2>
      <p class="muted">
        {round.name}: one Nassau for each of its {plural(round.groups.length, 'group')}, made from the pairings, with the stakes entered once. A group that has a Nassau already is left as it is.
        {completed ? ' The round is completed: the games compute at once from the scores already entered and their money joins the settlement.' : ''}
      </p>
      {round.groups.length === 0 ? <p class="notice warn">This round has no groups yet: make its pairings first.</p> : null}
      <FormProblems form={form} labels={labels} />
      <fieldset id={form.idOf('pairing')} tabIndex={-1}>
        <legend>Matches in each group</legend>
        <label class="inline-check">
          <input type="radio" name="per-group-pairing" checked={v.pairing === 'four_ball'} onChange={() => form.set('pairing', 'four_ball')} /> Four-ball: two against two, better ball of the partners
        </label>
        <label class="inline-check">
          <input type="radio" name="per-group-pairing" checked={v.pairing === 'singles'} onChange={() => form.set('pairing', 'singles')} /> Singles: every player against each of the others in the group
        </label>
        <p class="field-hint">
          {v.pairing === 'four_ball'
            ? 'A group of four plays one match, two against two. A group of two plays a singles match; a group of three cannot make two sides of two and gets none.'
            : 'Six matches in a group of four (each player plays three), three in a group of three, one in a group of two. Each match is its own Nassau at the stake below.'}
        </p>
      </fieldset>
      <div class="form-grid">
        {v.pairing === 'four_ball' && !everyFourHasSides ? (
          <SelectField
            id={form.idOf('partners')}
            label="Partners"
            value={v.partners}
            onValue={(s) => form.set('partners', s as Values['partners'])}
            options={[
              { value: 'order', label: 'Players 1 and 2 against 3 and 4, as the pairings list them' },
              { value: 'handicap', label: 'By handicap: lowest and highest against the middle two' },
            ]}
            hint={fourBallRound && (sides.data ?? []).length > 0 ? 'Groups with four-ball sides set keep those sides.' : undefined}
          />
        ) : null}
        <SelectField
          id={form.idOf('basis')}
          label="Scores compared"
          value={v.basis}
          onValue={(s) => form.set('basis', s as Values['basis'])}
          options={BASIS_OPTIONS}
          hint="A net Nassau is match play: the lowest handicap in the match plays off zero, the others receive the difference."
        />
        <TextField id={form.idOf('amount')} label={`Stake per bet (${currency})`} hint="Each player, on each of the three bets (front nine, back nine, overall)." inputMode="decimal" value={v.amount} onValue={(s) => form.set('amount', s)} errors={form.errorsAt('amount') ?? form.errorsAt('config.stakes')} />
        <SelectField
          id={form.idOf('autoPress')}
          label="Presses"
          value={v.autoPress}
          onValue={(s) => form.set('autoPress', s as Values['autoPress'])}
          options={PRESS_OPTIONS}
        />
      </div>
      {everyFourHasSides && v.pairing === 'four_ball' ? <p class="muted">The round’s four-ball sides are used in every group of four.</p> : null}
      <section aria-labelledby="per-group-plan">
        <h3 id="per-group-plan">The matches</h3>
        <ul class="plain-list" aria-label="Matches per group">
          {plans.map((p) => (
            <li key={p.number}>
              <strong>Group {p.number}</strong>: {p.lines.length ? p.lines.join('; ') : ''}
              {p.note ? <span class="muted"> {p.lines.length ? `(${p.note})` : p.note}</span> : null}
            </li>
          ))}
        </ul>
      </section>
      <div class="actions">
        <button type="submit" disabled={form.busy || matches === 0}>
          {form.busy ? 'Adding…' : matches === 0 ? 'Nothing to add' : `Add ${plural(matches, 'Nassau game')}`}
        </button>
        <button type="button" class="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
