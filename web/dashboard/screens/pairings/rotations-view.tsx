/**
 * Several rounds paired at once (`POST /events/:id/multi-round-pairings`): the same groups every round, or rotating
 * partners (known designs, else a search that avoids repeats), with tee times for every round and Optimize Fairness
 * (early/late and front/back starts evened out per player). The result says how many pairs meet twice, the rules
 * given up per round, and the fairness per player; the fairness of the chosen rounds as they stand is shown first.
 *
 * The rounds not chosen that already have groups are kept as they are (issue 34): the server avoids their pairs, and
 * every figure shown (repeats and the days each pair shares, partners met, fairness) is the whole trip's. Only rounds
 * without groups are chosen at first; choosing a paired round says that its groups will be replaced.
 */
import { MultiRoundBody } from '../../../../shared/schemas/scheduling.js';
import { CheckboxField, SelectField, TextField } from '../../../common/field.js';
import { useFairness, useMultiRound, type FairnessReport, type MultiRoundResult, type Round } from '../../api/scheduling.js';
import { fairnessSentences, keptRepeatsSentence, listWords, pairLine, partnersSentence, repeatsSentence } from '../../../../shared/domain/scheduling/trip-words.js';
import { FormProblems, useForm } from '../../ui/form.js';
import { SIZE_OPTIONS } from './pair-form.js';

const labels = { roundIds: 'Rounds', mode: 'Pairings', groupSize: 'Players per group', 'teeTimes.format': 'Start', 'teeTimes.firstTime': 'First tee time', 'teeTimes.intervalMinutes': 'Minutes between groups', optimizeFairness: 'Optimize Fairness' };

export function RotationsView({ tripId, rounds }: { tripId: string; rounds: Round[] }) {
  const run = useMultiRound(tripId);
  const editable = rounds.filter((r) => r.state === 'draft' || r.state === 'ready');
  // At first only the rounds with no groups yet: a round paired by hand is kept unless chosen.
  const form = useForm({ roundIds: editable.filter((r) => !hasGroups(r)).map((r) => r.id), mode: 'rotating', groupSize: '4', withTimes: true, format: 'single', firstTime: '08:00', intervalMinutes: '10', optimizeFairness: true }, labels, 'multi');
  const v = form.values;
  // Before pairing: the trip's tee-time fairness as it stands (every round with tee times), not the chosen rounds alone.
  const timed = rounds.filter((r) => r.groups.some((g) => g.teeTime)).map((r) => r.id);
  const fairness = useFairness(tripId, timed);
  const result = run.data;
  const kept = rounds.filter((r) => !v.roundIds.includes(r.id) && hasGroups(r));
  // Rounds this form has just paired are not warned about again.
  const justPaired = new Set(result?.rounds.map((r) => r.roundId) ?? []);
  const replaced = rounds.filter((r) => v.roundIds.includes(r.id) && hasGroups(r) && !justPaired.has(r.id));
  return (
    <div class="two-col">
      <form
        class="card"
        noValidate
        aria-labelledby="multi-title"
        onSubmit={(e) => {
          e.preventDefault();
          const body: Record<string, unknown> = { roundIds: v.roundIds, mode: v.mode, groupSize: Number(v.groupSize) };
          if (v.withTimes) {
            body.teeTimes = { format: v.format, firstTime: v.firstTime, ...(v.format !== 'shotgun' ? { intervalMinutes: Number(v.intervalMinutes) } : {}) };
            if (v.optimizeFairness) body.optimizeFairness = true;
          }
          void form.submit((b) => MultiRoundBody.safeParse(b), body, async (parsed) => {
            await run.run(parsed);
          });
        }}
      >
        <h2 id="multi-title">Pair several rounds</h2>
        <p class="muted small">The first chosen round's players are paired in every chosen round. Rounds already started cannot change their players.</p>
        <FormProblems form={form} labels={labels} />
        <fieldset class={form.errorsAt('roundIds')?.length ? 'invalid' : ''}>
          <legend>Rounds</legend>
          {rounds.map((r) => (
            <CheckboxField
              key={r.id}
              id={`multi-round-${r.id}`}
              label={`${r.name} · ${r.date}${r.state === 'draft' || r.state === 'ready' ? '' : ' (started)'}${hasGroups(r) ? ' · already paired' : ''}`}
              checked={v.roundIds.includes(r.id)}
              onValue={(on) => form.set('roundIds', on ? rounds.filter((x) => x.id === r.id || v.roundIds.includes(x.id)).map((x) => x.id) : v.roundIds.filter((id) => id !== r.id))}
            />
          ))}
          {form.errorsAt('roundIds')?.length ? (
            <p class="field-error" id={form.idOf('roundIds')} tabIndex={-1}>
              {form.errorsAt('roundIds')!.join(' ')}
            </p>
          ) : null}
        </fieldset>
        {kept.length ? (
          <p class="notice" data-testid="rotation-kept">
            Kept as {kept.length === 1 ? 'it is' : 'they are'}: {listWords(kept.map((r) => r.name))}. {v.mode === 'rotating' ? `The new pairings avoid the partners players already have there.` : 'Their groups do not change.'}
          </p>
        ) : null}
        {replaced.length ? (
          <p class="notice warn" data-testid="rotation-replaced">
            {listWords(replaced.map((r) => r.name))} already {replaced.length === 1 ? 'has' : 'have'} groups: pairing {replaced.length === 1 ? 'it' : 'them'} here replaces them. Leave {replaced.length === 1 ? 'it' : 'them'} unticked to keep {replaced.length === 1 ? 'it' : 'them'} as {replaced.length === 1 ? 'it is' : 'they are'}.
          </p>
        ) : null}
        <div class="form-grid">
          <SelectField
            id={form.idOf('mode')}
            label="Pairings"
            value={v.mode}
            onValue={(x) => form.set('mode', x)}
            options={[
              { value: 'rotating', label: 'Rotating — meet as many partners as possible' },
              { value: 'consistent', label: 'Consistent — the same groups every round' },
            ]}
            errors={form.errorsAt('mode')}
          />
          <SelectField id={form.idOf('groupSize')} label="Players per group" value={v.groupSize} onValue={(x) => form.set('groupSize', x)} options={SIZE_OPTIONS} errors={form.errorsAt('groupSize')} />
        </div>
        <CheckboxField id="multi-times" label="Set tee times in every round" checked={v.withTimes} onValue={(x) => form.set('withTimes', x)} />
        {v.withTimes ? (
          <div class="form-grid">
            <SelectField
              id={form.idOf('teeTimes.format')}
              label="Start"
              value={v.format}
              onValue={(x) => form.set('format', x)}
              options={[
                { value: 'single', label: 'Single Tee' },
                { value: 'two_tee', label: 'Two-Tee (holes 1 and 10)' },
                { value: 'shotgun', label: 'Shotgun' },
              ]}
            />
            <TextField id={form.idOf('teeTimes.firstTime')} label="First tee time" type="time" value={v.firstTime} onValue={(x) => form.set('firstTime', x)} errors={form.errorsAt('teeTimes.firstTime')} />
            {v.format !== 'shotgun' ? (
              <TextField id={form.idOf('teeTimes.intervalMinutes')} label="Minutes between groups" hint="5 to 30." type="number" value={v.intervalMinutes} onValue={(x) => form.set('intervalMinutes', x)} errors={form.errorsAt('teeTimes.intervalMinutes')} />
            ) : null}
            <div class="span-2">
              <CheckboxField
                id={form.idOf('optimizeFairness')}
                label="Optimize Fairness"
                hint="Order each round's groups over the tee times so every player's early and late starts, and front and back starts, even out."
                checked={v.optimizeFairness}
                onValue={(x) => form.set('optimizeFairness', x)}
              />
            </div>
          </div>
        ) : null}
        <div class="actions">
          <button type="submit" disabled={form.busy}>
            {form.busy ? 'Pairing…' : 'Pair the rounds'}
          </button>
        </div>
      </form>
      <div>
        {result ? <RotationResult result={result} rounds={rounds} /> : null}
        {!result && fairness.data && fairness.data.players.length ? <FairnessTable title="Tee-time fairness over the trip now" report={fairness.data} /> : null}
      </div>
    </div>
  );
}

function hasGroups(r: Round): boolean {
  return r.groups.some((g) => g.playerIds.length > 0);
}

function RotationResult({ result, rounds }: { result: MultiRoundResult; rounds: Round[] }) {
  const nameOf = new Map(result.players.map((p) => [p.playerId, p.name] as const));
  const roundName = (id: string) => rounds.find((r) => r.id === id)?.name ?? 'a round no longer on the trip';
  const keptNames = result.fixedRoundIds.map(roundName);
  const shown = result.repeats.slice(0, 60);
  return (
    <section class="card" aria-labelledby="multi-result-title" role="status">
      <h2 id="multi-result-title">
        Paired {result.rounds.length} round{result.rounds.length === 1 ? '' : 's'}
        {result.rounds.length <= 3 ? `: ${listWords(result.rounds.map((r) => roundName(r.roundId)))}` : ''}
      </h2>
      <ul class="facts-list">
        {keptNames.length ? <li>Kept as {keptNames.length === 1 ? 'it was' : 'they were'}: {listWords(keptNames)}.</li> : null}
        <li data-testid="rotation-claim">{repeatsSentence(result.countedRoundIds.length, result.repeats.map((r) => r.meetings))}</li>
        {keptRepeatsSentence(result.fixedRepeatedPairs, keptNames) ? <li>{keptRepeatsSentence(result.fixedRepeatedPairs, keptNames)}</li> : null}
        <li data-testid="rotation-partners">{partnersSentence(result.players.map((p) => ({ name: p.name, partners: p.partners })))}</li>
      </ul>
      {result.repeats.length ? (
        <details open={result.repeats.length <= 12}>
          <summary>Pairs who play together more than once ({result.repeats.length})</summary>
          <ul data-testid="rotation-repeats">
            {shown.map((r) => (
              <li key={`${r.a}-${r.b}`}>{pairLine(nameOf.get(r.a) ?? 'a removed player', nameOf.get(r.b) ?? 'a removed player', r.roundIds.map(roundName))}</li>
            ))}
            {result.repeats.length > shown.length ? <li>…and {result.repeats.length - shown.length} more pairs.</li> : null}
          </ul>
        </details>
      ) : null}
      {result.brokenRules.some((b) => b.rules.length) ? (
        <>
          <h3>Rules given up</h3>
          <ul>
            {result.brokenRules.flatMap((b) =>
              b.rules.map((r) => (
                <li key={`${b.roundId}-${r.ruleId}`}>
                  {roundName(b.roundId)}: {r.reason}
                </li>
              )),
            )}
          </ul>
        </>
      ) : null}
      {result.fairness ? <FairnessTable title="Tee-time fairness over the trip" report={result.fairness} /> : null}
    </section>
  );
}

export function FairnessTable({ title, report }: { title: string; report: FairnessReport }) {
  const players = [...report.players].sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return (
    <section class="card" aria-label={title}>
      <h3>{title}</h3>
      <p>
        Overall <strong>{report.overall}</strong> / 100 over {report.roundIds.length} round{report.roundIds.length === 1 ? '' : 's'} with tee times. A player scores 100 when their early and late tee times, and their front-nine and back-nine starts, come out even.
      </p>
      <ul class="fairness-words" data-testid="fairness-words">
        {fairnessSentences(report.players).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div class="table-wrap scroll-y" tabIndex={0} role="region" aria-label={title}>
        <table class="table compact" aria-label={title}>
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col" class="num">Early</th>
              <th scope="col" class="num">Late</th>
              <th scope="col" class="num">Front</th>
              <th scope="col" class="num">Back</th>
              <th scope="col" class="num">Score</th>
            </tr>
          </thead>
          <tbody>
            {players.map((p) => (
              <tr key={p.playerId}>
                <td>{p.name}</td>
                <td class="num">{p.early}</td>
                <td class="num">{p.late}</td>
                <td class="num">{p.front}</td>
                <td class="num">{p.back}</td>
                <td class="num">{p.score}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
