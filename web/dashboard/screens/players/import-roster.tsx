/**
 * Importing a roster: a CSV file or cells pasted from a spreadsheet, read by papaparse, shown as a preview before
 * anything is written: how the columns were read, each bad row with why, each likely duplicate with a choice
 * (merge, skip, or add anyway). Then one bulk request adds the new players and merges the rest, all or nothing.
 */
import { useMemo, useState } from 'preact/hooks';
import { BulkPlayersBody } from '../../../../shared/schemas/player.js';
import { plural } from '../../../common/format.js';
import { describeIssue } from '../../../common/form-errors.js';
import { describeFailure, isApiError } from '../../api/errors.js';
import { useAllPlayers, useBulkPlayers } from '../../api/players.js';
import { Loading, LoadFailed } from '../../ui/query-view.js';
import { formatHandicap } from './player-format.js';
import { buildImport, FIELD_LABELS, findDuplicates, parseSheet, readRow, type DuplicateMatch, type ParsedSheet, type RosterRow, type RowDecision } from './roster.js';

const EXAMPLE = 'Name,Email,Phone,HI,Team,Division,Flight,Club\nBob Smith,bob@example.com,+44 7700 900123,12.4,Red,Seniors,A,North';

export function ImportRoster({ tripId, onDone, onCancel }: { tripId: string; onDone: (summary: string) => void; onCancel: () => void }) {
  const existing = useAllPlayers(tripId);
  const [text, setText] = useState('');
  const [source, setSource] = useState<string | null>(null);
  const [sheet, setSheet] = useState<ParsedSheet | null>(null);
  // Each reading starts a fresh preview (choices made for an earlier sheet do not carry over).
  const [reading, setReading] = useState(0);
  const read = (t: string, from: string) => {
    setSource(from);
    setSheet(parseSheet(t));
    setReading((n) => n + 1);
  };
  return (
    <section class="card import" aria-labelledby="import-title">
      <h3 id="import-title">Import a roster</h3>
      <p>
        The first row names the columns: <strong>Name</strong> (or First name and Last name), Email, Phone, Handicap Index (HI, Hcp), Team, Division, Flight, Role. Any other column becomes a custom field. Nothing is written until you confirm the preview.
      </p>
      <details class="example">
        <summary>Example</summary>
        <pre>{EXAMPLE}</pre>
      </details>
      <div class="import-sources">
        <div class="field">
          <label for="roster-file">CSV file</label>
          <input
            id="roster-file"
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file) void file.text().then((t) => read(t, file.name));
            }}
          />
        </div>
        <div class="field">
          <label for="roster-paste">Or paste from a spreadsheet</label>
          <textarea id="roster-paste" rows={4} value={text} onInput={(e) => setText(e.currentTarget.value)} aria-describedby="roster-paste-hint" />
          <p class="field-hint" id="roster-paste-hint">
            Select the cells with their header row in Excel, Numbers or Google Sheets, copy, and paste here.
          </p>
          <button type="button" class="secondary" disabled={!text.trim()} onClick={() => read(text, 'the pasted cells')}>
            Preview the pasted rows
          </button>
        </div>
      </div>
      {sheet ? existing.data ? <Preview key={reading} tripId={tripId} sheet={sheet} source={source ?? ''} existing={existing.data} onDone={onDone} /> : existing.error ? <LoadFailed error={existing.error} retry={existing.refetch} /> : <Loading what="Loading the players already on the trip…" /> : null}
      <div class="actions">
        <button type="button" class="secondary" onClick={onCancel}>
          Close the import
        </button>
      </div>
    </section>
  );
}

const matchName = (m: DuplicateMatch, rows: readonly RosterRow[]) => ('player' in m.target ? m.target.player.name : `row ${m.target.row + 2} (${rows[m.target.row]!.player!.name})`);

function Preview({ tripId, sheet, source, existing, onDone }: { tripId: string; sheet: ParsedSheet; source: string; existing: Parameters<typeof findDuplicates>[1]; onDone: (s: string) => void }) {
  const rows = useMemo(() => sheet.rows.map((r, i) => readRow(r, sheet.columns, i)), [sheet]);
  const duplicates = useMemo(() => findDuplicates(rows, existing), [rows, existing]);
  const [decisions, setDecisions] = useState<Map<number, RowDecision>>(new Map());
  const plan = useMemo(() => buildImport(rows, duplicates, decisions, existing), [rows, duplicates, decisions, existing]);
  const bulk = useBulkPlayers(tripId);
  const [problems, setProblems] = useState<string[]>([]);
  const bad = rows.filter((r) => !r.player).length;
  const hasName = sheet.columns.some((c) => 'field' in c && (c.field === 'name' || c.field === 'firstName' || c.field === 'lastName'));
  const customs = sheet.columns.flatMap((c) => ('custom' in c ? [c.custom] : []));

  const submit = async () => {
    const body = { players: plan.players, updates: plan.updates };
    const parsed = BulkPlayersBody.safeParse(body);
    if (!parsed.success) {
      setProblems(parsed.error.issues.map((i) => describeIssue(i as never)));
      return;
    }
    setProblems([]);
    try {
      const r = await bulk.run(parsed.data);
      onDone(`Import done: ${plural(r.items.length, 'player')} added, ${r.updated.length} updated, ${plan.skipped} skipped${plan.merged ? ` (${plural(plan.merged, 'row')} merged)` : ''}.`);
    } catch (e) {
      // The server's problems name a row of the body; say them with the player's name.
      if (isApiError(e) && e.issues.length) {
        setProblems(
          e.issues.map((i) => {
            const [, list, n] = i.path as (string | number)[];
            const who = list === 'players' ? plan.players[Number(n)]?.name : list === 'updates' ? existing.find((p) => p.id === plan.updates[Number(n)]?.id)?.name : undefined;
            return `${who ? `${who}: ` : ''}${describeIssue(i)}`;
          }),
        );
      } else setProblems([describeFailure(e)]);
    }
  };

  if (!hasName) {
    return (
      <div class="notice error" role="alert">
        <p>No column of {source} is a name. The first row must name the columns, with one called Name (or First name and Last name). It read: {sheet.headers.join(', ') || 'nothing'}.</p>
      </div>
    );
  }
  return (
    <div class="preview" aria-labelledby="preview-title">
      <h4 id="preview-title">Preview of {source}</h4>
      <p>
        Columns read: {sheet.columns.map((c, i) => ('field' in c ? `${sheet.headers[i]} → ${FIELD_LABELS[c.field]}` : null)).filter(Boolean).join(', ')}
        {customs.length ? `; custom fields: ${customs.join(', ')}` : ''}.
      </p>
      {sheet.problems.length ? <p class="notice warn">{sheet.problems.join(' ')}</p> : null}
      <p class="preview-summary" role="status">
        {plural(rows.length, 'row')}: {plan.players.length} to add, {plan.updates.length} to update, {plan.skipped} skipped
        {bad ? ` (${plural(bad, 'bad row')})` : ''}
        {duplicates.size ? `, ${plural(duplicates.size, 'likely duplicate')}` : ''}.
      </p>
      <div class="table-wrap">
        <table class="table preview-table">
          <caption class="visually-hidden">The rows of {source}, as they will be imported</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col" class="num">HI</th>
              <th scope="col">Team · division · flight</th>
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => {
              const dup = duplicates.get(i);
              const decision = decisions.get(i) ?? 'merge';
              const hi = r.input.handicapIndex;
              const name = (r.input.name as string | undefined) ?? '';
              return (
                <tr key={i} class={!r.player ? 'row-bad' : dup ? 'row-dup' : undefined}>
                  <td>{i + 2}</td>
                  <th scope="row">{name || <span class="muted">(no name)</span>}</th>
                  <td class="email-cell">{(r.input.email as string | undefined) ?? ''}</td>
                  <td class="num">{typeof hi === 'number' && !Number.isNaN(hi) ? formatHandicap(hi) : (sheet.rows[i]![sheet.columns.findIndex((c) => 'field' in c && c.field === 'handicapIndex')] ?? '')}</td>
                  <td>{[r.input.team, r.input.division, r.input.flight].filter(Boolean).join(' · ')}</td>
                  <td class="check">
                    {!r.player ? (
                      <p class="bad-row">
                        <strong>Not imported:</strong> {r.problems.join(' ')}
                      </p>
                    ) : dup ? (
                      <div class="dup-choice">
                        <p>
                          <strong>Likely duplicate</strong> of {matchName(dup, rows)}: {dup.reason}.
                        </p>
                        <label for={`decision-${i}`}>What to do with line {i + 2}</label>
                        <select id={`decision-${i}`} value={decision} onChange={(e) => setDecisions(new Map(decisions).set(i, e.currentTarget.value as RowDecision))}>
                          <option value="merge">Merge into {matchName(dup, rows)}</option>
                          <option value="skip">Skip this row</option>
                          <option value="add">Add as another player</option>
                        </select>
                      </div>
                    ) : (
                      <span class="ok">New player</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p class="small muted">Merging keeps the player's name and fills or replaces their other fields with the row's non-empty cells.</p>
      {problems.length ? (
        <div class="error-summary" role="alert">
          <h2>Nothing was imported</h2>
          <ul>
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div class="actions">
        <button type="button" disabled={bulk.pending || plan.players.length + plan.updates.length === 0} onClick={() => void submit()}>
          {importLabel(plan.players.length, plan.updates.length)}
        </button>
      </div>
    </div>
  );
}

function importLabel(add: number, update: number): string {
  if (add + update === 0) return 'Nothing to import';
  const parts = [add ? `add ${plural(add, 'player')}` : '', update ? `update ${update}` : ''].filter(Boolean);
  const text = parts.join(' and ');
  return `Import: ${text}`;
}
