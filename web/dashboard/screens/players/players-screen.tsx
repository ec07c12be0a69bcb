/**
 * The trip's players: every one on one page (a trip has at most a few hundred), in the order added or sorted by
 * surname, Handicap Index or team (the order in the address, `?sort=…`, so it survives a reload), and a search that
 * finds a player by any part of the name, email or phone as it is typed; team, division, flight and role changed in
 * place, one player added or changed in a dialog, deleted after a confirmation, and a roster imported from a
 * spreadsheet.
 */
import { useMemo, useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { ConfirmActions } from '../../ui/confirm-actions.js';
import { useAllPlayers, useDeletePlayer, type Player } from '../../api/players.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import type { TripScreenProps } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';
import { ImportRoster } from './import-roster.js';
import { InlineRole, InlineText } from './inline-edit.js';
import { PlayerDialog } from './player-dialog.js';
import { formatHandicap } from './player-format.js';
import { SORTS, matchesSearch, sortOf, sortPlayers, type PlayerSort } from './player-order.js';

export function PlayersScreen({ trip, query }: TripScreenProps) {
  const importing = query.get('view') === 'import';
  const sort = sortOf(query.get('sort'));
  const [editing, setEditing] = useState<Player | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const go = (q: Record<string, string | undefined>) => navigate(href('tripPlayers', { tripId: trip.id }, q));
  return (
    <>
      <div class="page-head">
        <h2>Players</h2>
        <div class="actions">
          <button type="button" onClick={() => setEditing('new')}>
            Add a player
          </button>
          {importing ? null : (
            <a class="button secondary" href={href('tripPlayers', { tripId: trip.id }, { view: 'import' })}>
              Import a roster
            </a>
          )}
        </div>
      </div>
      {notice ? (
        <p class="notice" role="status">
          {notice}
        </p>
      ) : null}
      {importing ? (
        <ImportRoster
          tripId={trip.id}
          onDone={(summary) => {
            setNotice(summary);
            go({ sort: sort === 'added' ? undefined : sort });
          }}
          onCancel={() => go({ sort: sort === 'added' ? undefined : sort })}
        />
      ) : null}
      <PlayerList tripId={trip.id} sort={sort} onSort={(next) => go({ sort: next === 'added' ? undefined : next, view: importing ? 'import' : undefined })} onEdit={setEditing} onNotice={setNotice} />
      <PlayerDialog
        tripId={trip.id}
        player={editing === 'new' ? null : editing}
        open={editing !== null}
        onClose={() => setEditing(null)}
        onSaved={(p, added) => {
          setEditing(null);
          setNotice(added ? `${p.name} added.` : `${p.name} saved.`);
        }}
      />
    </>
  );
}

function PlayerList({ tripId, sort, onSort, onEdit, onNotice }: { tripId: string; sort: PlayerSort; onSort: (s: PlayerSort) => void; onEdit: (p: Player) => void; onNotice: (m: string) => void }) {
  const everyone = useAllPlayers(tripId);
  const [deleting, setDeleting] = useState<Player | null>(null);
  const [typed, setTyped] = useState('');
  const remove = useDeletePlayer(tripId);
  const sorted = useMemo(() => sortPlayers(everyone.data ?? [], sort), [everyone.data, sort]);
  const shown = useMemo(() => sorted.filter((x) => matchesSearch(x, typed)), [sorted, typed]);
  const caption = SORTS.find((s) => s.value === sort)!.caption;
  const sortedBy = (key: PlayerSort) => (sort === key ? 'ascending' : undefined);
  return (
    <section aria-labelledby="player-list-title">
      <h3 id="player-list-title" class="visually-hidden">
        Player list
      </h3>
      <QueryView query={everyone} loading="Loading the players…">
        {(all) =>
          all.length === 0 ? (
            <div class="card empty">
              <h3>No players yet</h3>
              <p>Add players one by one, or import the roster from a spreadsheet (CSV file, or copy the cells and paste them).</p>
            </div>
          ) : (
            <>
              <datalist id="team-names">
                {[...new Set(all.map((x) => x.team).filter(Boolean))].map((t) => (
                  <option key={t} value={t} />
                ))}
              </datalist>
              <div class="player-tools">
                <div class="field">
                  <label for="player-search">Find a player</label>
                  <input id="player-search" type="search" value={typed} placeholder="Part of a name, email or phone" autoComplete="off" onInput={(e) => setTyped(e.currentTarget.value)} />
                </div>
                <div class="field">
                  <label for="player-sort">Sort by</label>
                  <select id="player-sort" value={sort} onChange={(e) => onSort(sortOf(e.currentTarget.value))}>
                    {SORTS.map((s) => (
                      <option key={s.value} value={s.value}>
                        {s.label}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              <p class="muted" role="status" aria-live="polite">
                {typed.trim() ? `${shown.length} of ${all.length} players match “${typed.trim()}”.` : `${all.length} players.`}
              </p>
              <p class="muted small">Team, division, flight and role are saved as soon as you leave the field (Escape puts back the saved value).</p>
              <div class="table-wrap">
                <table class="table player-table">
                  <caption class="visually-hidden">Players, {caption}</caption>
                  <thead>
                    <tr>
                      <th scope="col" aria-sort={sortedBy('name')}>
                        Name and email
                      </th>
                      <th scope="col">Phone</th>
                      <th scope="col" class="num" aria-sort={sortedBy('handicap')}>
                        HI
                      </th>
                      <th scope="col" aria-sort={sortedBy('team')}>
                        Team
                      </th>
                      <th scope="col">Division</th>
                      <th scope="col">Flight</th>
                      <th scope="col">Role</th>
                      <th scope="col">
                        <span class="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((x) => (
                      <tr key={x.id}>
                        <th scope="row" class="player-name">
                          {x.name}
                          <span class="player-email">{x.email ?? 'no email'}</span>
                          {x.fields && Object.keys(x.fields).length ? (
                            <span class="player-fields">
                              {Object.entries(x.fields)
                                .map(([k, v]) => `${k}: ${v}`)
                                .join(' · ')}
                            </span>
                          ) : null}
                        </th>
                        <td class="player-phone">{x.phone ?? '—'}</td>
                        <td class="num">{formatHandicap(x.handicapIndex)}</td>
                        <td>
                          <InlineText tripId={tripId} player={x} field="team" list="team-names" />
                        </td>
                        <td>
                          <InlineText tripId={tripId} player={x} field="division" />
                        </td>
                        <td>
                          <InlineText tripId={tripId} player={x} field="flight" />
                        </td>
                        <td>
                          <InlineRole tripId={tripId} player={x} />
                        </td>
                        <td class="row-actions">
                          <button type="button" class="secondary small" onClick={() => onEdit(x)} aria-label={`Change ${x.name}`}>
                            Change
                          </button>{' '}
                          <button type="button" class="secondary small" onClick={() => setDeleting(x)} aria-label={`Delete ${x.name}`}>
                            Delete
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {shown.length === 0 ? <p>No player matches “{typed.trim()}”: try part of the first name, the surname, the email or the phone number.</p> : null}
            </>
          )
        }
      </QueryView>
      <Dialog id="delete-player" open={!!deleting} title={`Delete ${deleting?.name ?? 'this player'}?`} onClose={() => setDeleting(null)}>
        <p>They leave the trip and the draft rounds they were placed in; their availability and replies to activities go with them. A player with scores, money or travel entries, or in a round that is ready, cannot be deleted.</p>
        <ConfirmActions
          error={remove.error}
          pending={remove.pending}
          confirm="Delete player"
          cancel="Keep them"
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.run(deleting!.id).then(() => {
              onNotice(`${deleting!.name} deleted.`);
              setDeleting(null);
            })
          }
        />
      </Dialog>
    </section>
  );
}
