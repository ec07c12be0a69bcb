/**
 * The tee sheet: one card per group in tee order, each with its players. The organizer drags a player into another
 * group (Move Player) or a group by its handle onto another group's place (Swap Groups), with sortablejs; the same
 * operations, and Swap Players, are on each player's and each group's menu button, for the keyboard and for anyone
 * who does not drag. The sheet only reports what was asked (`onOp`): the screen applies it.
 *
 * sortablejs moves DOM nodes itself; Preact owns them. So each drop is undone in the DOM at once and handed over as
 * an operation, and Preact renders the answer (the usual way of running sortablejs under a virtual DOM).
 */
import { Component } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import Sortable, { type SortableEvent } from 'sortablejs';
import type { SheetOp } from '../../api/scheduling.js';
import { formatIndex } from '../../ui/handicap.js';
import { dropOp, groupTitle, handicapTotal, type SheetGroup } from './sheet.js';

export interface SheetPlayer {
  name: string;
  handicapIndex: number | null;
}

interface SheetProps {
  sheet: SheetGroup[];
  players: ReadonlyMap<string, SheetPlayer>;
  /** Players named by a broken rule: marked on the sheet. */
  flagged: ReadonlySet<string>;
  disabled: boolean;
  /** A round in play: the groups (by index) that have teed off, and the players marked out ("No-show"…). */
  started?: ReadonlySet<number>;
  marks?: ReadonlyMap<string, string>;
  onOp: (op: SheetOp) => void;
  onPlayerMenu: (playerId: string) => void;
  onGroupMenu: (index: number) => void;
}

/** Puts a node sortablejs moved back where it was, so Preact finds the DOM it rendered. */
function undoDrop(e: SortableEvent): void {
  const { item, from, oldIndex } = e;
  item.remove();
  from.insertBefore(item, from.children[oldIndex ?? 0] ?? null);
}

export function TeeSheet(props: SheetProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const onOp = useRef(props.onOp);
  onOp.current = props.onOp;
  const count = props.sheet.length;

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    // Pointer events rather than the browser's drag and drop (`forceFallback`): the same on every browser and touch
    // screen, and what test automation drives reliably.
    const common = { animation: 120, forceFallback: true, fallbackTolerance: 4, disabled: props.disabled } as const;
    const groupsSortable = Sortable.create(list, {
      ...common,
      handle: '.group-handle',
      draggable: '.sheet-group',
      onEnd: (e) => {
        const from = e.oldIndex ?? 0;
        const to = e.newIndex ?? from;
        undoDrop(e);
        const op = dropOp({ kind: 'group', from, to });
        if (op) onOp.current(op);
      },
    });
    const playerSortables = [...list.querySelectorAll<HTMLUListElement>('.sheet-players')].map((ul) =>
      Sortable.create(ul, {
        ...common,
        group: 'players',
        // No animation of the other chips when one lands: a 144-player sheet stays quick on a slow laptop.
        animation: 0,
        draggable: '.player-chip',
        filter: 'button',
        preventOnFilter: false,
        onEnd: (e) => {
          const fromGroup = Number((e.from as HTMLElement).dataset.group);
          const toGroup = Number((e.to as HTMLElement).dataset.group);
          const playerId = (e.item as HTMLElement).dataset.player!;
          undoDrop(e);
          const op = dropOp({ kind: 'player', playerId, fromGroup, toGroup });
          if (op) onOp.current(op);
        },
      }),
    );
    return () => {
      groupsSortable.destroy();
      for (const s of playerSortables) s.destroy();
    };
  }, [count, props.disabled]);

  const indexOf = new Map([...props.players].map(([id, p]) => [id, p.handicapIndex]));
  return (
    <ol class="sheet" ref={listRef} aria-label="Tee sheet" data-testid="tee-sheet">
      {props.sheet.map((g, i) => (
        <GroupCard
          key={i}
          index={i}
          group={g}
          sig={`${g.playerIds.join(',')}|${g.teeTime}|${g.startingHole}|${g.label}|${g.playerIds.map((id) => (props.flagged.has(id) ? 1 : 0)).join('')}|${props.started?.has(i) ? 's' : ''}|${g.playerIds.map((id) => props.marks?.get(id) ?? '').join(',')}`}
          players={props.players}
          flagged={props.flagged}
          total={handicapTotal(g.playerIds, indexOf)}
          disabled={props.disabled}
          started={props.started?.has(i) ?? false}
          marks={props.marks}
          onPlayerMenu={props.onPlayerMenu}
          onGroupMenu={props.onGroupMenu}
        />
      ))}
    </ol>
  );
}

interface CardProps {
  index: number;
  group: SheetGroup;
  /** Everything the card shows, as text: the card renders again only when it changes (144 players, one drag). */
  sig: string;
  players: ReadonlyMap<string, SheetPlayer>;
  flagged: ReadonlySet<string>;
  total: number | null;
  disabled: boolean;
  started: boolean;
  marks: ReadonlyMap<string, string> | undefined;
  onPlayerMenu: (playerId: string) => void;
  onGroupMenu: (index: number) => void;
}

class GroupCard extends Component<CardProps> {
  override shouldComponentUpdate(next: CardProps) {
    return next.sig !== this.props.sig || next.index !== this.props.index || next.disabled !== this.props.disabled;
  }

  override render({ index, group, players, flagged, total, disabled, started, marks, onPlayerMenu, onGroupMenu }: CardProps) {
    const title = groupTitle(group, index);
    const headingId = `sheet-group-${index}`;
    return (
      <li class="sheet-group" data-testid="sheet-group" aria-labelledby={headingId}>
        <div class="sheet-group-head">
          <span class="group-handle" aria-hidden="true" title="Drag to swap with another group">
            ⠿
          </span>
          <h3 id={headingId}>{title}</h3>
          <button type="button" class="secondary small-button" disabled={disabled} onClick={() => onGroupMenu(index)} aria-label={`Group ${index + 1} actions…`}>
            Group…
          </button>
        </div>
        <ul class="sheet-players" data-group={index} aria-label={`Players of group ${index + 1}`}>
          {group.playerIds.map((id) => {
            const p = players.get(id);
            const name = p?.name ?? 'Removed player';
            const mark = marks?.get(id);
            return (
              <li key={id} class={`player-chip${flagged.has(id) ? ' flagged' : ''}`} data-player={id} data-testid="sheet-player">
                <span class="chip-grip" aria-hidden="true">
                  ⋮⋮
                </span>
                <span class="chip-name">{name}</span>
                {mark ? <span class="tag warn">{mark}</span> : null}
                <span class="chip-hcp" title="Handicap Index">
                  {p?.handicapIndex === null || p?.handicapIndex === undefined ? '–' : formatIndex(p.handicapIndex)}
                </span>
                {flagged.has(id) ? (
                  <span class="chip-flag" title="Named by a rule the sheet breaks">
                    <span aria-hidden="true">⚠</span>
                    <span class="visually-hidden">(a rule is broken)</span>
                  </span>
                ) : null}
                <button type="button" class="link chip-menu" disabled={disabled} onClick={() => onPlayerMenu(id)} aria-label={`Move ${name}…`}>
                  Move…
                </button>
              </li>
            );
          })}
        </ul>
        <p class="sheet-group-foot">
          {group.playerIds.length} players{total !== null ? ` · total index ${formatIndex(total)}` : ''}
          {started ? (
            <>
              {' · '}
              <strong title="A player of this group has a score: its players stay as they are">Teed off</strong>
            </>
          ) : null}
        </p>
      </li>
    );
  }
}
