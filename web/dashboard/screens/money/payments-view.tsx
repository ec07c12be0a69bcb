/**
 * The payments of the stored plan with their states (not paid yet → paid → confirmed): how the payer can pay
 * (links from the payee's preferences), marking one paid on the payer's behalf, confirming the money arrived. Then
 * each player's payment preferences.
 */
import { Fragment } from 'preact';
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { formatInstant, plural } from '../../../common/format.js';
import { describeFailure } from '../../api/errors.js';
import { useConfirmSettlement, useMarkPaid, usePaymentLinks, useSettlements, type Settlement } from '../../api/money-plans.js';
import { href } from '../../paths.js';
import { QueryView } from '../../ui/query-view.js';
import type { MoneyContext } from './money-context.js';
import { money, PLAN_WORDS, SETTLEMENT_WORDS } from './money-words.js';
import { PreferencesSection } from './preferences-form.js';

type Ask = { kind: 'paid' | 'confirm'; s: Settlement } | null;

export function PaymentsView({ ctx }: { ctx: MoneyContext }) {
  const settlements = useSettlements(ctx.tripId);
  const [links, setLinks] = useState<string | null>(null);
  const [ask, setAsk] = useState<Ask>(null);
  const markPaid = useMarkPaid(ctx.tripId);
  const confirm = useConfirmSettlement(ctx.tripId);
  const c = ctx.currency;
  const run = ask?.kind === 'paid' ? markPaid : confirm;
  return (
    <>
      <section aria-labelledby="payments-title">
        <h3 id="payments-title">Payments</h3>
        <p class="muted">The payments of the plan in use. A payer marks a payment paid on their phone (or you do it for them); the one who receives it, or you, confirms the money arrived.</p>
        <QueryView query={settlements} loading="Loading the payments…">
          {(list) =>
            list.length === 0 ? (
              <div class="card empty">
                <h4>No payments yet</h4>
                <p>Choose a plan and use its payments: they appear here, and on each player’s phone.</p>
                <div class="actions">
                  <a class="button" href={href('tripMoney', { tripId: ctx.tripId }, { view: 'plans' })}>
                    See who pays whom
                  </a>
                </div>
              </div>
            ) : (
              <>
                <p>
                  {(['pending', 'paid', 'confirmed'] as const)
                    .map((st) => `${list.filter((s) => s.status === st).length} ${SETTLEMENT_WORDS[st]!.label.toLowerCase()}`)
                    .join(', ')}
                  . {money(list.filter((s) => s.status !== 'confirmed').reduce((a, s) => a + s.cents, 0), c)} still to arrive.
                </p>
                <div class="table-wrap" tabIndex={0} role="region" aria-label="Payments">
                  <table class="table money-table payments-table" aria-label="Payments: who pays whom">
                    <thead>
                      <tr>
                        <th scope="col">Pays</th>
                        <th scope="col">Receives</th>
                        <th scope="col" class="num">
                          Amount
                        </th>
                        <th scope="col">State</th>
                      </tr>
                    </thead>
                    <tbody>
                      {list.map((s) => {
                        const w = SETTLEMENT_WORDS[s.status]!;
                        const who = `${ctx.nameOf(s.fromPlayerId)} to ${ctx.nameOf(s.toPlayerId)}`;
                        return (
                          <Fragment key={s.id}>
                            <tr data-settlement={s.id} data-status={s.status}>
                              <th scope="row">{ctx.nameOf(s.fromPlayerId)}</th>
                              <td>{ctx.nameOf(s.toPlayerId)}</td>
                              <td class="num strong">{money(s.cents, s.currency)}</td>
                              <td>
                                <span class={`badge ${w.tone}`}>{w.label}</span>
                                <span class="cell-note">
                                  {s.confirmedAt ? `Confirmed ${formatInstant(s.confirmedAt, ctx.timezone)}` : s.paidAt ? `Paid ${formatInstant(s.paidAt, ctx.timezone)}` : PLAN_WORDS[s.kind]!.title}
                                </span>
                                <span class="pay-actions">
                                <button type="button" class="secondary small" aria-expanded={links === s.id} onClick={() => setLinks(links === s.id ? null : s.id)}>
                                  How to pay<span class="visually-hidden">: {who}</span>
                                </button>{' '}
                                {s.status === 'pending' ? (
                                  <button type="button" class="secondary small" onClick={() => setAsk({ kind: 'paid', s })}>
                                    Mark paid<span class="visually-hidden">: {who}</span>
                                  </button>
                                ) : null}{' '}
                                {s.status !== 'confirmed' ? (
                                  <button type="button" class="small" onClick={() => setAsk({ kind: 'confirm', s })}>
                                    Confirm received<span class="visually-hidden">: {who}</span>
                                  </button>
                                ) : null}
                                </span>
                              </td>
                            </tr>
                            {links === s.id ? (
                              <tr key={`${s.id}-links`}>
                                <td colSpan={4}>
                                  <Links ctx={ctx} settlementId={s.id} payee={ctx.nameOf(s.toPlayerId)} />
                                </td>
                              </tr>
                            ) : null}
                          </Fragment>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              </>
            )
          }
        </QueryView>
      </section>
      <PreferencesSection ctx={ctx} />
      <Dialog id="settlement-ask" open={!!ask} title={ask?.kind === 'paid' ? 'Mark this payment paid?' : 'Confirm the money arrived?'} onClose={() => setAsk(null)}>
        {ask ? (
          <>
            <p>
              {ask.kind === 'paid'
                ? `You say ${ctx.nameOf(ask.s.fromPlayerId)} paid ${ctx.nameOf(ask.s.toPlayerId)} ${money(ask.s.cents, ask.s.currency)}. ${ctx.nameOf(ask.s.toPlayerId)} can then confirm it arrived.`
                : `You confirm ${ctx.nameOf(ask.s.toPlayerId)} received ${money(ask.s.cents, ask.s.currency)} from ${ctx.nameOf(ask.s.fromPlayerId)}.`}
            </p>
            <p>This cannot be undone: from now on this payment counts as made in every balance and plan, and a new plan never rewrites it.</p>
            {run.error ? (
              <p class="notice error" role="alert">
                {describeFailure(run.error)}
              </p>
            ) : null}
            <div class="actions">
              <button type="button" disabled={run.pending} onClick={() => void run.run(ask.s.id).then(() => setAsk(null)).catch(() => undefined)}>
                {run.pending ? 'Saving…' : ask.kind === 'paid' ? 'Mark it paid' : 'Confirm it arrived'}
              </button>
              <button type="button" class="secondary" onClick={() => setAsk(null)}>
                Not yet
              </button>
            </div>
          </>
        ) : null}
      </Dialog>
    </>
  );
}

function Links({ ctx, settlementId, payee }: { ctx: MoneyContext; settlementId: string; payee: string }) {
  const links = usePaymentLinks(ctx.tripId, settlementId);
  return (
    <QueryView query={links} loading="Loading the ways to pay…">
      {(l) =>
        l.links.length === 0 ? (
          <p class="muted">{payee} has not said how they want to be paid. Add their preferences below, or settle in cash.</p>
        ) : (
          <div class="pay-links">
            <p class="small">
              Memo: <q>{l.memo}</q>
            </p>
            <ul>
              {l.links.map((k) => (
                <li key={k.method}>
                  {k.url ? (
                    <a href={k.url} target="_blank" rel="noopener noreferrer">
                      {k.label}
                    </a>
                  ) : (
                    <strong>{k.label}</strong>
                  )}{' '}
                  <span class="muted small">{k.instructions}</span>
                </li>
              ))}
            </ul>
            <p class="muted small">{plural(l.links.length, 'way')} to pay, from {payee}’s preferences.</p>
          </div>
        )
      }
    </QueryView>
  );
}
