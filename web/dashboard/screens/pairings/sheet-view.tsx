/**
 * A round's tee sheet with everything that makes and adjusts it: automatic pairings, tee times, the trip's rules,
 * and the sheet itself, adjusted by dragging or by each player's and group's menu. Each adjustment shows at once
 * (the shared swap rules decide whether it can be made), then goes to the API (`/swap-players`, `/move-player`,
 * `/swap-groups`) one after another; a refusal puts the server's sheet back and says why. The rule breaks and
 * fairness beside the sheet follow every change.
 */
import { useMemo, useRef, useState } from 'preact/hooks';
import { describeFailure } from '../../api/errors.js';
import { schedulingKeys, sendSheetOp, useAllPlayers, usePairings, useRules, type Round, type SheetOp } from '../../api/scheduling.js';
import { useQueryClient } from '../../data/hooks.js';
import { useServices } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';
import { Fold } from './fold.js';
import { PairForm } from './pair-form.js';
import { RulesEditor } from './rules-editor.js';
import { applyOp, sheetBreaks, sheetFairness, sheetOf, withNames, type SheetGroup } from './sheet.js';
import { GroupMenu, PlayerMenu, type InPlay } from './sheet-menus.js';
import { LateArrivals, OutOfPlayDialog, ReinstateDialog, outWords } from './late-changes.js';
import { Fairness, RuleBreaks } from './sheet-panel.js';
import { TeeSheet, type SheetPlayer } from './tee-sheet.js';
import { TeeTimesForm } from './tee-times-form.js';

const FORMAT_WORDS: Record<string, string> = { single: 'Single tee', two_tee: 'Two tees (1 and 10)', shotgun: 'Shotgun' };

function teeNote(p: { groups: { teeTime: string | null }[]; teeFormat: string | null }): string {
  const times = p.groups.map((g) => g.teeTime).filter((t): t is string => !!t).sort();
  if (!times.length) return 'No tee times yet.';
  return `${p.teeFormat ? `${FORMAT_WORDS[p.teeFormat] ?? p.teeFormat}, ` : ''}${times[0]}${times.length > 1 && times.at(-1) !== times[0] ? ` to ${times.at(-1)}` : ''}.`;
}

type Notice = { kind: 'done' | 'error'; text: string } | null;

function describeOp(op: SheetOp, names: ReadonlyMap<string, string>): string {
  if (op.op === 'move_player') return `${names.get(op.playerId) ?? 'The player'} moved to group ${op.toGroup}.`;
  if (op.op === 'swap_players') return `${names.get(op.playerA) ?? 'A player'} and ${names.get(op.playerB) ?? 'a player'} swapped places.`;
  return op.exchange === 'players' ? `Groups ${op.groupA} and ${op.groupB} swapped players.` : `Groups ${op.groupA} and ${op.groupB} swapped tee times.`;
}

export function SheetView({ tripId, round, rounds }: { tripId: string; round: Round; rounds: Round[] }) {
  const pairings = usePairings(tripId, round.id);
  const rules = useRules(tripId);
  const players = useAllPlayers(tripId);
  const { api } = useServices();
  const client = useQueryClient();
  const [local, setLocal] = useState<SheetGroup[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [menu, setMenu] = useState<{ player: string } | { group: number } | null>(null);
  const [late, setLate] = useState<{ out: string } | { back: string } | null>(null);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(0);

  const p = pairings.data;
  const sheet = useMemo(() => local ?? (p ? sheetOf(p) : []), [local, p]);
  const sheetPlayers = useMemo(() => {
    const m = new Map<string, SheetPlayer>();
    for (const pl of players.data ?? []) m.set(pl.id, { name: pl.name, handicapIndex: pl.handicapIndex ?? null });
    for (const g of p?.groups ?? []) for (const pl of g.players) m.set(pl.id, { name: pl.name, handicapIndex: pl.handicapIndex });
    return m;
  }, [p, players.data]);
  const names = useMemo(() => new Map([...sheetPlayers].map(([id, pl]) => [id, pl.name])), [sheetPlayers]);
  const ruleList = rules.data?.rules ?? [];
  const breaks = useMemo(() => sheetBreaks(sheet, ruleList, names), [sheet, ruleList, names]);
  const flagged = useMemo(() => {
    const broken = new Set(breaks.map((b) => b.ruleId));
    const groupOf = new Map(sheet.flatMap((g, i) => g.playerIds.map((id) => [id, i] as const)));
    const ids = new Set<string>();
    for (const r of ruleList) {
      if (!broken.has(r.id)) continue;
      // Mark who breaks it: keep-apart players sharing a group; every player of a split keep-together.
      const present = r.playerIds.filter((id) => groupOf.has(id));
      for (const id of present) if (r.kind === 'keep_together' || present.some((o) => o !== id && groupOf.get(o) === groupOf.get(id))) ids.add(id);
    }
    return ids;
  }, [breaks, ruleList, sheet]);
  const fairness = useMemo(() => sheetFairness(sheet, round.id, rounds, names), [sheet, round.id, rounds, names]);
  const editable = round.state === 'draft' || round.state === 'ready';
  // Ready or started (issue 34): groups that have not teed off still change; started ones keep their players.
  const inPlayRound = round.state === 'ready' || round.state === 'in_progress';
  const startedGroups = useMemo(() => new Set((p?.groups ?? []).flatMap((g, i) => (g.started ? [i] : []))), [p]);
  const marks = useMemo(() => new Map((p?.groups ?? []).flatMap((g) => g.players.flatMap((pl) => (pl.outOfPlay ? [[pl.id, outWords(pl.outOfPlay)] as const] : [])))), [p]);
  const inPlay: InPlay | undefined = inPlayRound
    ? {
        started: startedGroups,
        holes: new Map((p?.groups ?? []).flatMap((g) => g.players.map((pl) => [pl.id, pl.holesEntered ?? 0] as const))),
        out: new Set([...marks.keys(), ...(p?.outOfGroups ?? []).filter((o) => o.outOfPlay).map((o) => o.id)]),
        onOutOfPlay: (player) => {
          setMenu(null);
          setLate({ out: player });
        },
        onReinstate: (player) => {
          setMenu(null);
          setLate({ back: player });
        },
      }
    : undefined;
  const lateDone = (text: string, error = false) => {
    setLate(null);
    setNotice({ kind: error ? 'error' : 'done', text });
    void pairings.refetch().catch(() => undefined);
  };
  // The same element while the rules and players stay: Preact then skips it when the sheet changes (144 options).
  const rulesEditor = useMemo(
    () => (
      <QueryView query={rules} loading="Loading the rules…">
        {(r) => <RulesEditor tripId={tripId} rules={r.rules} players={(players.data ?? []).map((pl) => ({ id: pl.id, name: pl.name }))} />}
      </QueryView>
    ),
    [rules.data, rules.status, players.data, tripId],
  );

  /** Closes a menu and gives the focus back to its button (the player's, wherever they are now). */
  const closeMenu = () => {
    const at = menu;
    setMenu(null);
    if (!at) return;
    requestAnimationFrame(() => {
      const sel = 'player' in at ? `[data-player="${at.player}"] .chip-menu` : `.sheet-group:nth-child(${at.group + 1}) .sheet-group-head button`;
      document.querySelector<HTMLElement>(sel)?.focus();
    });
  };

  const onOp = (op: SheetOp) => {
    const next = applyOp(sheet, op);
    closeMenu();
    if ('problem' in next) {
      setNotice({ kind: 'error', text: `Not done: ${withNames(next.problem, names)}.` });
      return;
    }
    setLocal(next.sheet);
    setNotice({ kind: 'done', text: describeOp(op, names) });
    pending.current += 1;
    chain.current = chain.current
      .then(() => sendSheetOp(api, round.id, op))
      .then(
        (answer) => {
          pending.current -= 1;
          client.set(schedulingKeys.pairings(tripId, round.id), answer.pairings);
          if (pending.current === 0) setLocal(null);
        },
        (err: unknown) => {
          pending.current -= 1;
          setLocal(null);
          setNotice({ kind: 'error', text: `The server refused this, and the sheet is back as it was: ${withNames(describeFailure(err), names)}` });
          void pairings.refetch().catch(() => undefined);
        },
      );
  };

  return (
    <QueryView query={pairings} loading="Loading the tee sheet…">
      {(pr) => (
        <div class="pairings-layout">
          <div class="pairings-main">
            {editable ? (
              <div class="pairings-forms">
                <Fold id="pair" title="Pair the players" auto={pr.groups.length === 0} note={pr.groups.length ? `${pr.groups.length} groups${pr.strategy ? `, made ${strategyWords(pr.strategy)}` : ''}. Pairing again replaces them.` : undefined}>
                  <PairForm tripId={tripId} round={round} rounds={rounds} hasGroups={pr.groups.length > 0} />
                </Fold>
                {pr.groups.length ? (
                  <Fold id="tee" title="Tee times" auto={!pr.groups.some((g) => g.teeTime)} note={teeNote(pr)}>
                    <TeeTimesForm tripId={tripId} roundId={round.id} groupCount={pr.groups.length} />
                  </Fold>
                ) : null}
              </div>
            ) : round.state === 'in_progress' ? (
              <p class="notice">
                {round.name} is being played. Groups that have not teed off still change: drag or use <em>Move…</em> for a swap, a withdrawal or a late arrival. A group that has teed off keeps its players; to take someone out of play, use their <em>Move…</em> and mark them a no-show or withdrawn.
              </p>
            ) : (
              <p class="notice warn">{round.name} is completed: its groups can no longer change.</p>
            )}
            <section aria-labelledby="sheet-title">
              <div class="sheet-head">
                <h2 id="sheet-title">Tee sheet</h2>
                <p class="muted small">
                  {pr.groups.length ? (
                    <>
                      {pr.groups.length} groups{pr.spread !== null ? `, their handicap totals within ${pr.spread} of each other` : ''}. Drag a player to another group, or a group by its handle ⠿ onto another; or use <em>Move…</em> and <em>Group…</em>.
                    </>
                  ) : (
                    'No groups yet: pair the players above.'
                  )}
                </p>
              </div>
              <div class="sheet-notice" role="status" aria-live="polite">
                {notice ? <p class={`notice${notice.kind === 'error' ? ' error' : ''}`}>{notice.text}</p> : null}
              </div>
              {pr.groups.length ? (
                <TeeSheet
                  sheet={sheet}
                  players={sheetPlayers}
                  flagged={flagged}
                  disabled={!editable && !inPlayRound}
                  started={startedGroups}
                  marks={marks}
                  onOp={onOp}
                  onPlayerMenu={(player) => setMenu({ player })}
                  onGroupMenu={(group) => setMenu({ group })}
                />
              ) : null}
              {inPlayRound && pr.groups.length ? <LateArrivals tripId={tripId} round={round} pairings={pr} tripPlayers={(players.data ?? []).map((pl) => ({ id: pl.id, name: pl.name }))} onReinstate={(id) => setLate({ back: id })} onDone={lateDone} /> : null}
            </section>
          </div>
          <aside class="pairings-side" aria-label="Rules and fairness">
            <RuleBreaks breaks={breaks} ruleCount={ruleList.length} />
            {pr.groups.length ? <Fairness fairness={fairness} /> : null}
            {rulesEditor}
          </aside>
          {menu && 'player' in menu ? <PlayerMenu playerId={menu.player} sheet={sheet} players={sheetPlayers} onOp={onOp} onClose={closeMenu} inPlay={inPlay} /> : null}
          {menu && 'group' in menu ? <GroupMenu index={menu.group} sheet={sheet} onOp={onOp} onClose={closeMenu} started={inPlay?.started} /> : null}
          {late && 'out' in late ? <OutOfPlayDialog tripId={tripId} round={round} playerId={late.out} names={names} onClose={() => setLate(null)} onDone={lateDone} /> : null}
          {late && 'back' in late ? <ReinstateDialog tripId={tripId} round={round} playerId={late.back} names={names} onClose={() => setLate(null)} onDone={lateDone} /> : null}
        </div>
      )}
    </QueryView>
  );
}

const STRATEGY_WORDS: Record<string, string> = {
  random: 'at random',
  handicap: 'by handicap',
  balanced: 'by the Balanced draft',
  ab: 'by AB tiers',
  abc: 'by ABC tiers',
  abcd: 'by ABCD tiers',
  previous_results: 'from previous results',
  custom: 'by the rules only',
  copy: 'by copying another round',
  second_round: 'from the first round',
  multi_round_rotating: 'in a rotation over several rounds',
  multi_round_consistent: 'the same in several rounds',
};
const strategyWords = (s: string) => STRATEGY_WORDS[s] ?? s.replace(/_/g, ' ');
