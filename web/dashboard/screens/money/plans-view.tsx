/**
 * Who pays whom: the plan of a kind (expenses only, everything, or through one organizer) as a list where each
 * payment explains its amount, and as a picture. Storing the plan makes its payments the ones players see and
 * mark paid; what that changes is said before it is done.
 */
import { Fragment } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import { planTransfers } from '../../../../shared/domain/money/settle.js';
import { Dialog } from '../../../common/dialog.js';
import { plural } from '../../../common/format.js';
import { describeFailure } from '../../api/errors.js';
import { useMoneySources, type MoneySources, type PlanKind } from '../../api/money.js';
import { usePersistPlan, usePlan, useSettlements, type PersistedPlan } from '../../api/money-plans.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import { Loading, LoadFailed } from '../../ui/query-view.js';
import type { MoneyContext } from './money-context.js';
import { money, PLAN_WORDS } from './money-words.js';
import { PlanGraph, type GraphTransfer } from './plan-graph.js';
import { TransferExplain } from './transfer-explain.js';

export function PlansView({ ctx }: { ctx: MoneyContext }) {
  const asked = ctx.query.get('plan');
  const kind: PlanKind = asked === 'plain' || asked === 'organizer' ? asked : 'unified';
  const organizers = ctx.players.filter((p) => p.role === 'organizer');
  const organizer = kind === 'organizer' ? (ctx.query.get('organizer') ?? organizers[0]?.id ?? '') : '';
  const go = (q: Record<string, string>) => navigate(href('tripMoney', { tripId: ctx.tripId }, { view: 'plans', ...q }), true);
  return (
    <section aria-labelledby="plans-title">
      <h3 id="plans-title">Who pays whom</h3>
      <fieldset class="plan-kinds">
        <legend>What the payments settle</legend>
        {(['unified', 'plain', 'organizer'] as const).map((k) => (
          <label key={k} class="plan-kind">
            <input type="radio" name="plan-kind" checked={kind === k} onChange={() => go(k === 'organizer' ? { plan: k, ...(organizers[0] ? { organizer: organizers[0].id } : {}) } : { plan: k })} />
            <span>
              <strong>{PLAN_WORDS[k]!.title}</strong>
              <span class="muted small"> {PLAN_WORDS[k]!.what}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {kind === 'organizer' ? (
        organizers.length === 0 ? (
          <p class="notice warn">No player of the trip is an organizer. Make one an organizer on the Players tab to settle through them.</p>
        ) : (
          <div class="field">
            <label for="plan-organizer">Who collects and pays out</label>
            <select id="plan-organizer" value={organizer} onChange={(e) => go({ plan: 'organizer', organizer: e.currentTarget.value })}>
              {organizers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
        )
      ) : null}
      {kind !== 'organizer' || organizer ? <Plan key={`${kind}-${organizer}`} ctx={ctx} kind={kind} organizer={organizer} /> : null}
    </section>
  );
}

/** The plan's payments: the server's for unified and organizer; for expenses only, the same planner on the expense nets. */
function usePlanTransfers(ctx: MoneyContext, kind: PlanKind, organizer: string) {
  const plan = usePlan(ctx.tripId, kind === 'organizer' ? 'organizer' : 'unified', organizer);
  const sources = useMoneySources(ctx.tripId, kind === 'plain' ? 'plain' : 'unified');
  const plain = useMemo(() => (kind === 'plain' && sources.data ? planTransfers(Object.fromEntries(sources.data.players.map((p) => [p.playerId, p.netCents]))) : null), [kind, sources.data]);
  const transfers: GraphTransfer[] | undefined = kind === 'plain' ? (plain ?? undefined) : plan.data?.transfers;
  const error = kind === 'plain' ? sources.error : (plan.error ?? sources.error);
  return { transfers, sources: sources.data, error, failed: (kind !== 'plain' && plan.status === 'error') || sources.status === 'error', retry: () => Promise.all([plan.refetch(), sources.refetch()]), greedy: kind === 'plain' ? null : (plan.data?.greedyTransferCount ?? null) };
}

function Plan({ ctx, kind, organizer }: { ctx: MoneyContext; kind: PlanKind; organizer: string }) {
  const { transfers, sources, error, failed, retry, greedy } = usePlanTransfers(ctx, kind, organizer);
  const [open, setOpen] = useState<number | null>(null);
  if (failed) return <LoadFailed error={error} retry={retry} />;
  if (!transfers || !sources) return <Loading what="Working out the payments…" />;
  const c = ctx.currency;
  const title = `${PLAN_WORDS[kind]!.title}${kind === 'organizer' ? `, through ${ctx.nameOf(organizer)}` : ''}`;
  if (transfers.length === 0) {
    return (
      <div class="card empty">
        <h4>Everyone is even</h4>
        <p>Nobody owes anybody anything for {kind === 'plain' ? 'the expenses' : 'what is counted so far'}.</p>
      </div>
    );
  }
  return (
    <>
      <p class="plan-summary">
        <strong>{plural(transfers.length, 'payment')}</strong> settle every balance, {money(transfers.reduce((a, t) => a + t.cents, 0), c)} in all.
        {greedy !== null && greedy > transfers.length && kind !== 'organizer' ? ` Paying each creditor in turn would take ${greedy}.` : ''}
      </p>
      <PersistPlan ctx={ctx} kind={kind} organizer={organizer} count={transfers.length} />
      <h4 id="plan-list-title">The payments</h4>
      <div class="table-wrap" tabIndex={0} role="region" aria-label="The payments">
        <table class="table money-table plan-list" aria-labelledby="plan-list-title">
          <thead>
            <tr>
              <th scope="col">Pays</th>
              <th scope="col">Receives</th>
              <th scope="col" class="num">
                Amount
              </th>
              <th scope="col">Where it comes from</th>
            </tr>
          </thead>
          <tbody>
            {transfers.map((t, i) => (
              <Fragment key={`t-${i}`}>
                <tr class="plan-transfer" data-from={t.fromPlayerId} data-to={t.toPlayerId} data-cents={t.cents}>
                  <th scope="row">{ctx.nameOf(t.fromPlayerId)}</th>
                  <td>{ctx.nameOf(t.toPlayerId)}</td>
                  <td class="num strong">{money(t.cents, c)}</td>
                  <td>
                    <button type="button" class="secondary small" aria-expanded={open === i} aria-controls={`explain-${i}`} onClick={() => setOpen(open === i ? null : i)}>
                      {open === i ? 'Hide' : 'Why this amount'}
                      <span class="visually-hidden">: {ctx.nameOf(t.fromPlayerId)} to {ctx.nameOf(t.toPlayerId)}</span>
                    </button>
                  </td>
                </tr>
                {open === i ? (
                  <tr key={`e-${i}`} class="explain-row">
                    <td colSpan={4} id={`explain-${i}`}>
                      <TransferExplain ctx={ctx} transfer={t} transfers={transfers} sources={sources as MoneySources} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      <h4>The picture</h4>
      <p class="muted small">Each arrow is one payment, from who pays (left) to who receives (right).</p>
      <PlanGraph ctx={ctx} transfers={transfers} title={title} />
    </>
  );
}

function PersistPlan({ ctx, kind, organizer, count }: { ctx: MoneyContext; kind: PlanKind; organizer: string; count: number }) {
  const settlements = useSettlements(ctx.tripId);
  const persist = usePersistPlan(ctx.tripId);
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<PersistedPlan | null>(null);
  const stored = settlements.data ?? [];
  const pending = stored.filter((s) => s.status === 'pending').length;
  const done = stored.length - pending;
  return (
    <>
      <div class="actions">
        <button type="button" onClick={() => setAsking(true)}>
          Use these payments
        </button>
        <a class="button secondary" href={href('tripMoney', { tripId: ctx.tripId }, { view: 'payments' })}>
          See the stored payments ({stored.length})
        </a>
      </div>
      {result ? (
        <p class="notice" role="status">
          {result.unchanged
            ? 'These payments were already the ones stored: nothing changed.'
            : `Stored: ${plural(result.items.length, 'payment')} to make${result.keptPending ? `, ${result.keptPending} of them kept as they were` : ''}${result.removedPending ? `, ${plural(result.removedPending, 'earlier payment')} no longer asked for removed` : ''}.`}{' '}
          <a href={href('tripMoney', { tripId: ctx.tripId }, { view: 'payments' })}>Go to the payments</a>
        </p>
      ) : null}
      <Dialog id="persist-plan" open={asking} title="Use these payments?" onClose={() => setAsking(false)}>
        <p>
          The {plural(count, 'payment')} of this plan become the ones every player sees on their phone, with payment links, and can mark paid.
        </p>
        <ul>
          <li>{pending ? `${plural(pending, 'payment')} not yet paid from an earlier plan will be replaced (one asking for the same payment is kept as it is).` : 'No earlier payment is waiting to be made.'}</li>
          <li>{done ? `${plural(done, 'payment')} already marked paid or confirmed stay as they are; this plan counts them.` : 'No payment has been marked paid yet.'}</li>
          <li>If expenses, games or wagers change later, use a plan again: paid payments are never rewritten.</li>
        </ul>
        {persist.error ? (
          <p class="notice error" role="alert">
            {describeFailure(persist.error)}
          </p>
        ) : null}
        <div class="actions">
          <button
            type="button"
            disabled={persist.pending}
            onClick={() =>
              void persist
                .run({ kind, organizer })
                .then((r) => {
                  setResult(r);
                  setAsking(false);
                })
                .catch(() => undefined)
            }
          >
            {persist.pending ? 'Storing…' : `Use these ${plural(count, 'payment')}`}
          </button>
          <button type="button" class="secondary" onClick={() => setAsking(false)}>
            Not now
          </button>
        </div>
      </Dialog>
    </>
  );
}
