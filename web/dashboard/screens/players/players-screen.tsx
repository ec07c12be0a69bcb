/**
 * The trip's players: a page at a time as the API pages them (50 a page, the cursors of the pages before in the
 * address, so a page can be shared and survives a reload), team, division, flight and role changed in place, one
 * player added or changed in a dialog, deleted after a confirmation, and a roster imported from a spreadsheet.
 */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { ConfirmActions } from '../../ui/confirm-actions.js';
import { PLAYERS_PAGE_SIZE, useDeletePlayer, usePlayersPage, type Player } from '../../api/players.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import type { TripScreenProps } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';
import { ImportRoster } from './import-roster.js';
import { InlineRole, InlineText } from './inline-edit.js';
import { PlayerDialog } from './player-dialog.js';
import { formatHandicap } from './player-format.js';

/** The cursors of the pages before this one, from the address (`?pages=c1.c2`; cursors are base64url, no dots). */
const trailOf = (query: URLSearchParams) => (query.get('pages') ?? '').split('.').filter(Boolean);

export function PlayersScreen({ trip, query }: TripScreenProps) {
  const importing = query.get('view') === 'import';
  const trail = trailOf(query);
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
            go({});
          }}
          onCancel={() => go({})}
        />
      ) : null}
      <PlayerList tripId={trip.id} trail={trail} onPage={(pages) => go({ pages: pages.join('.') || undefined, view: importing ? 'import' : undefined })} onEdit={setEditing} onNotice={setNotice} />
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

function PlayerList({ tripId, trail, onPage, onEdit, onNotice }: { tripId: string; trail: string[]; onPage: (trail: string[]) => void; onEdit: (p: Player) => void; onNotice: (m: string) => void }) {
  const cursor = trail[trail.length - 1] ?? '';
  const page = usePlayersPage(tripId, cursor);
  const [deleting, setDeleting] = useState<Player | null>(null);
  const remove = useDeletePlayer(tripId);
  const first = trail.length * PLAYERS_PAGE_SIZE + 1;
  return (
    <section aria-labelledby="player-list-title">
      <h3 id="player-list-title" class="visually-hidden">
        Player list
      </h3>
      <QueryView query={page} loading="Loading the players…">
        {(p) =>
          p.items.length === 0 && trail.length === 0 ? (
            <div class="card empty">
              <h3>No players yet</h3>
              <p>Add players one by one, or import the roster from a spreadsheet (CSV file, or copy the cells and paste them).</p>
            </div>
          ) : (
            <>
              <datalist id="team-names">
                {[...new Set(p.items.map((x) => x.team).filter(Boolean))].map((t) => (
                  <option key={t} value={t} />
                ))}
              </datalist>
              <p class="muted small">Team, division, flight and role are saved as soon as you leave the field (Escape puts back the saved value).</p>
              <div class="table-wrap">
                <table class="table player-table">
                  <caption class="visually-hidden">Players, in the order added</caption>
                  <thead>
                    <tr>
                      <th scope="col">Name and email</th>
                      <th scope="col" class="num">HI</th>
                      <th scope="col">Team</th>
                      <th scope="col">Division</th>
                      <th scope="col">Flight</th>
                      <th scope="col">Role</th>
                      <th scope="col">
                        <span class="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {p.items.map((x) => (
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
              <nav class="pager" aria-label="Pages of players">
                <p class="muted" aria-live="polite">
                  {p.items.length ? `Players ${first}–${first + p.items.length - 1}` : 'No more players'}
                  {p.nextCursor || trail.length ? ` · page ${trail.length + 1}` : ''}
                </p>
                <ul>
                  <li>
                    {trail.length ? (
                      <button type="button" class="secondary" onClick={() => onPage(trail.slice(0, -1))}>
                        Previous page
                      </button>
                    ) : null}
                  </li>
                  <li>
                    {p.nextCursor ? (
                      <button type="button" class="secondary" onClick={() => onPage([...trail, p.nextCursor!])}>
                        Next page
                      </button>
                    ) : null}
                  </li>
                </ul>
              </nav>
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
