/**
 * The picture of a plan: who pays whom. Payers in a column on the left, payees on the right, one arrow per payment
 * with its amount written where it leaves the payer. Payers are grouped by whom they pay, so arrows cross little; each node is as tall as its payments need, so 60 people stay readable (the picture scrolls on a phone).
 */
import type { MoneyContext } from './money-context.js';
import { money } from './money-words.js';

export interface GraphTransfer {
  fromPlayerId: string;
  toPlayerId: string;
  cents: number;
}

const W = 760;
const NODE_W = 210;
const PORT = 22;
const PAD = 10;
const GAP = 8;
const LEFT_X = 0;
const RIGHT_X = W - NODE_W;

interface Node {
  id: string;
  total: number;
  ports: number;
  y: number;
  h: number;
}

function column(ids: string[], totals: Map<string, number>, ports: Map<string, number>): { nodes: Map<string, Node>; height: number } {
  const nodes = new Map<string, Node>();
  let y = 0;
  for (const id of ids) {
    const n = ports.get(id) ?? 1;
    const h = Math.max(44, n * PORT + 2 * PAD + 8);
    nodes.set(id, { id, total: totals.get(id) ?? 0, ports: n, y, h });
    y += h + GAP;
  }
  return { nodes, height: Math.max(0, y - GAP) };
}

const shorten = (s: string, n = 22) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function PlanGraph({ ctx, transfers, title }: { ctx: MoneyContext; transfers: GraphTransfer[]; title: string }) {
  if (transfers.length === 0) return null;
  const c = ctx.currency;
  const out = new Map<string, number>();
  const inn = new Map<string, number>();
  const outCount = new Map<string, number>();
  const inCount = new Map<string, number>();
  for (const t of transfers) {
    out.set(t.fromPlayerId, (out.get(t.fromPlayerId) ?? 0) + t.cents);
    inn.set(t.toPlayerId, (inn.get(t.toPlayerId) ?? 0) + t.cents);
    outCount.set(t.fromPlayerId, (outCount.get(t.fromPlayerId) ?? 0) + 1);
    inCount.set(t.toPlayerId, (inCount.get(t.toPlayerId) ?? 0) + 1);
  }
  // Payees by what they receive; payers grouped by the first payee they pay, so arrows run side by side.
  const payees = [...inn.keys()].sort((a, b) => inn.get(b)! - inn.get(a)! || ctx.nameOf(a).localeCompare(ctx.nameOf(b)));
  const rightRank = new Map(payees.map((id, i) => [id, i]));
  const firstPayee = (id: string) => Math.min(...transfers.filter((t) => t.fromPlayerId === id).map((t) => rightRank.get(t.toPlayerId)!));
  const payers = [...out.keys()].sort((a, b) => firstPayee(a) - firstPayee(b) || out.get(b)! - out.get(a)! || ctx.nameOf(a).localeCompare(ctx.nameOf(b)));
  const rank = new Map(payers.map((id, i) => [id, i]));
  const left = column(payers, out, outCount);
  const right = column(payees, inn, inCount);
  const H = Math.max(left.height, right.height);
  const lOff = (H - left.height) / 2;
  const rOff = (H - right.height) / 2;

  // Ports: the k-th payment of a node leaves (or arrives) at its k-th slot, in the order of the other side.
  const byFrom = new Map<string, GraphTransfer[]>();
  const byTo = new Map<string, GraphTransfer[]>();
  for (const t of transfers) {
    byFrom.set(t.fromPlayerId, [...(byFrom.get(t.fromPlayerId) ?? []), t]);
    byTo.set(t.toPlayerId, [...(byTo.get(t.toPlayerId) ?? []), t]);
  }
  for (const list of byFrom.values()) list.sort((a, b) => rightRank.get(a.toPlayerId)! - rightRank.get(b.toPlayerId)!);
  for (const list of byTo.values()) list.sort((a, b) => rank.get(a.fromPlayerId)! - rank.get(b.fromPlayerId)!);
  const portY = (node: Node, off: number, k: number) => off + node.y + PAD + 18 + k * PORT + PORT / 2 - 4;

  const total = transfers.reduce((a, t) => a + t.cents, 0);
  return (
    <div class="plan-graph-wrap" tabIndex={0} role="region" aria-label="The picture of the payments">
      <svg class="plan-graph" width={W} height={H + 40} viewBox={`0 -30 ${W} ${H + 40}`} role="img" aria-labelledby="plan-graph-title">
        <title id="plan-graph-title">{`${title}: ${transfers.length} payments, ${money(total, c)} in all, from ${payers.length} people who owe to ${payees.length} who are owed`}</title>
        <defs>
          <marker id="plan-arrowhead" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" class="plan-arrowhead" />
          </marker>
        </defs>
        <text x={LEFT_X} y={-12} class="plan-col-title">
          Pays
        </text>
        <text x={RIGHT_X} y={-12} class="plan-col-title">
          Receives
        </text>
        {transfers.map((t, i) => {
          const a = left.nodes.get(t.fromPlayerId)!;
          const b = right.nodes.get(t.toPlayerId)!;
          const y1 = portY(a, lOff, byFrom.get(t.fromPlayerId)!.indexOf(t));
          const y2 = portY(b, rOff, byTo.get(t.toPlayerId)!.indexOf(t));
          const x1 = LEFT_X + NODE_W;
          const x2 = RIGHT_X - 2;
          const mid = (x1 + x2) / 2;
          const words = `${ctx.nameOf(t.fromPlayerId)} pays ${ctx.nameOf(t.toPlayerId)} ${money(t.cents, c)}`;
          return (
            <g key={i} class="plan-arrow" data-from={t.fromPlayerId} data-to={t.toPlayerId} data-cents={t.cents}>
              <title>{words}</title>
              <path d={`M ${x1} ${y1} C ${mid} ${y1}, ${mid} ${y2}, ${x2} ${y2}`} class="plan-arrow-line" marker-end="url(#plan-arrowhead)" />
              <text x={x1 + 6} y={y1 - 4} class="plan-amount">
                {money(t.cents, c)}
              </text>
            </g>
          );
        })}
        {[...left.nodes.values()].map((n) => (
          <g key={`l-${n.id}`} class="plan-node payer">
            <rect x={LEFT_X} y={lOff + n.y} width={NODE_W} height={n.h} rx={8} />
            <text x={LEFT_X + PAD} y={lOff + n.y + PAD + 12} class="plan-name">
              {shorten(ctx.nameOf(n.id))}
            </text>
            <text x={LEFT_X + PAD} y={lOff + n.y + PAD + 30} class="plan-total">
              pays {money(n.total, c)}
            </text>
          </g>
        ))}
        {[...right.nodes.values()].map((n) => (
          <g key={`r-${n.id}`} class="plan-node payee">
            <rect x={RIGHT_X} y={rOff + n.y} width={NODE_W} height={n.h} rx={8} />
            <text x={RIGHT_X + PAD} y={rOff + n.y + PAD + 12} class="plan-name">
              {shorten(ctx.nameOf(n.id))}
            </text>
            <text x={RIGHT_X + PAD} y={rOff + n.y + PAD + 30} class="plan-total">
              receives {money(n.total, c)}
            </text>
          </g>
        ))}
      </svg>
    </div>
  );
}
