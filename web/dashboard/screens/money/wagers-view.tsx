/** Wagers: open ones waiting for a result, settled ones with the money they moved; settle or delete with the consequence said first. */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { listInWords } from '../../../common/format.js';
import { describeFailure } from '../../api/errors.js';
import { useDeleteWager, useSettleWager, useWagers, type Wager } from '../../api/money-bets.js';
import { QueryView } from '../../ui/query-view.js';
import type { MoneyContext } from './money-context.js';
import { money, signedMoney } from './money-words.js';
import { WagerForm } from './wager-form.js';

type Ask = { kind: 'settle'; w: Wager } | { kind: 'delete'; w: Wager } | { kind: 'new' } | null;

const sideName = (ctx: MoneyContext, ids: string[], team: string | null) => (team ? `Team ${team}` : listInWords(ids.map(ctx.nameOf)));

function stateOf(ctx: MoneyContext, w: Wager): { label: string; tone: string } {
  if (w.status === 'open') return { label: 'Open', tone: 'amber' };
  if (w.outcome === 'push') return { label: 'Settled: a push', tone: '' };
  return { label: `Settled: ${sideName(ctx, w.outcome === 'A' ? w.sideA : w.sideB, w.outcome === 'A' ? w.teamA : w.teamB)} won`, tone: 'green' };
}

export function WagersView({ ctx }: { ctx: MoneyContext }) {
  const wagers = useWagers(ctx.tripId);
  const settle = useSettleWager(ctx.tripId);
  const remove = useDeleteWager(ctx.tripId);
  const [ask, setAsk] = useState<Ask>(null);
  const [note, setNote] = useState<string | null>(null);
  const close = () => setAsk(null);
  return (
    <section aria-labelledby="wagers-title">
      <div class="page-head">
        <div>
          <h3 id="wagers-title">Wagers</h3>
          <p class="muted">Bets between players or teams. A settled wager counts in “Everything” balances and plans; an open one moves nothing yet.</p>
        </div>
        <div class="actions">
          <button type="button" onClick={() => setAsk({ kind: 'new' })}>
            New wager
          </button>
        </div>
      </div>
      {note ? (
        <p class="notice" role="status">
          {note}
        </p>
      ) : null}
      <QueryView query={wagers} loading="Loading the wagers…">
        {(list) =>
          list.length === 0 ? (
            <div class="card empty">
              <h4>No wagers yet</h4>
              <p>Record a bet when it is made, settle it when the result is in.</p>
            </div>
          ) : (
            <ul class="wager-list">
              {list.map((w) => {
                const st = stateOf(ctx, w);
                return (
                  <li key={w.id} class="card wager" data-wager={w.id} data-status={w.status}>
                    <div class="wager-head">
                      <h4>{w.terms}</h4>
                      <span class={`badge ${st.tone}`}>{st.label}</span>
                    </div>
                    <p>
                      <strong>Side A:</strong> {sideName(ctx, w.sideA, w.teamA)} · <strong>Side B:</strong> {sideName(ctx, w.sideB, w.teamB)} · Stake {money(w.stakeCents, ctx.currency)}
                    </p>
                    {w.amounts.length ? <p class="small">{w.amounts.map((a) => `${ctx.nameOf(a.playerId)} ${signedMoney(a.cents, ctx.currency)}`).join(' · ')}</p> : null}
                    {w.status === 'open' ? (
                      <div class="actions tight">
                        <button type="button" class="small" onClick={() => setAsk({ kind: 'settle', w })}>
                          Settle<span class="visually-hidden">: {w.terms}</span>
                        </button>
                        <button type="button" class="secondary small" onClick={() => setAsk({ kind: 'delete', w })}>
                          Delete<span class="visually-hidden">: {w.terms}</span>
                        </button>
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryView>
      <Dialog id="wager-new" class="wide-dialog" open={ask?.kind === 'new'} title="New wager" onClose={close}>
        {ask?.kind === 'new' ? (
          <WagerForm
            ctx={ctx}
            onCancel={close}
            onDone={(w) => {
              setNote(`Wager recorded: “${w.terms}”.`);
              close();
            }}
          />
        ) : null}
      </Dialog>
      <Dialog id="wager-settle" open={ask?.kind === 'settle'} title="Who won?" onClose={close}>
        {ask?.kind === 'settle' ? (
          <>
            <p>
              “{ask.w.terms}”. The losing side pays {money(ask.w.stakeCents, ctx.currency)} in all, split evenly; a push moves nothing. Once settled the result stands and cannot be changed or deleted.
            </p>
            {settle.error ? (
              <p class="notice error" role="alert">
                {describeFailure(settle.error)}
              </p>
            ) : null}
            <div class="actions">
              {(['A', 'B', 'push'] as const).map((o) => (
                <button
                  key={o}
                  type="button"
                  class={o === 'push' ? 'secondary' : ''}
                  disabled={settle.pending}
                  onClick={() =>
                    void settle
                      .run({ wagerId: ask.w.id, winner: o })
                      .then((w) => {
                        setNote(`“${w.terms}” settled: ${stateOf(ctx, w).label.replace('Settled: ', '')}.`);
                        close();
                      })
                      .catch(() => undefined)
                  }
                >
                  {o === 'push' ? 'A push (nobody won)' : `${sideName(ctx, o === 'A' ? ask.w.sideA : ask.w.sideB, o === 'A' ? ask.w.teamA : ask.w.teamB)} won`}
                </button>
              ))}
              <button type="button" class="secondary" onClick={close}>
                Not yet
              </button>
            </div>
          </>
        ) : null}
      </Dialog>
      <Dialog id="wager-delete" open={ask?.kind === 'delete'} title="Delete this wager?" onClose={close}>
        {ask?.kind === 'delete' ? (
          <>
            <p>“{ask.w.terms}” is open and has moved no money; deleting it forgets it.</p>
            {remove.error ? (
              <p class="notice error" role="alert">
                {describeFailure(remove.error)}
              </p>
            ) : null}
            <div class="actions">
              <button type="button" class="danger" disabled={remove.pending} onClick={() => void remove.run(ask.w.id).then(() => (setNote(`“${ask.w.terms}” deleted.`), close())).catch(() => undefined)}>
                Delete the wager
              </button>
              <button type="button" class="secondary" onClick={close}>
                Keep it
              </button>
            </div>
          </>
        ) : null}
      </Dialog>
    </section>
  );
}
