/**
 * A team, division, flight or role changed where it is shown, in the list: the change is sent when the field is
 * left (or Enter is pressed, or a role chosen), checked first with `PatchPlayerBody`; a refusal stays at the field,
 * with the value typed, until it is fixed or Escape puts the saved value back.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { PatchPlayerBody } from '../../../../shared/schemas/player.js';
import { describeIssue } from '../../../common/form-errors.js';
import { usePatchPlayer, type Player } from '../../api/players.js';
import { describeRefusal } from '../../ui/refusal.js';
import { ROLE_OPTIONS } from './player-format.js';

type Key = 'team' | 'division' | 'flight' | 'role';
const NAMES: Record<Key, string> = { team: 'Team', division: 'Division', flight: 'Flight', role: 'Role' };

function useInlineSave(tripId: string, player: Player, key: Key) {
  const patch = usePatchPlayer(tripId);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // What was last sent: Enter then leaving the field sends once, not twice, while the list catches up.
  const sent = useRef<string | null | undefined>(undefined);
  const save = async (text: string): Promise<boolean> => {
    const value = text.trim() === '' ? null : text.trim();
    if ((value ?? undefined) === player[key] || (sent.current !== undefined && sent.current === value)) {
      setError(null);
      return true;
    }
    const parsed = PatchPlayerBody.safeParse({ [key]: value });
    if (!parsed.success) {
      setError(describeIssue(parsed.error.issues[0]! as never));
      return false;
    }
    try {
      sent.current = value;
      await patch.run({ playerId: player.id, body: parsed.data });
      setError(null);
      setSaved(true);
      return true;
    } catch (e) {
      sent.current = undefined;
      const errs = describeRefusal(e, { [key]: NAMES[key] });
      setError(Object.values(errs ?? {}).flat().join(' ') || 'Not saved.');
      return false;
    }
  };
  return { save, error, saved, pending: patch.pending, setSaved };
}

export function InlineText({ tripId, player, field, list }: { tripId: string; player: Player; field: Exclude<Key, 'role'>; list?: string }) {
  const current = player[field] ?? '';
  const [text, setText] = useState(current);
  const s = useInlineSave(tripId, player, field);
  // Typed and not yet saved: kept over anything the server answers meanwhile (the refetch after the previous save
  // lands while the organizer already types the next value).
  const typed = useRef(false);
  const latest = useRef(text);
  latest.current = text;
  // A new answer from the server (another tab, a refetch) shows unless the organizer is mid-edit.
  useEffect(() => {
    if (!s.error && !typed.current) setText(current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  const save = (value: string) =>
    void s.save(value).then((ok) => {
      if (ok && latest.current === value) typed.current = false;
    });
  const id = `${field}-${player.id}`;
  return (
    <div class={`inline-edit${s.error ? ' invalid' : ''}`}>
      <input
        id={id}
        value={text}
        list={list}
        maxLength={60}
        aria-label={`${NAMES[field]} of ${player.name}`}
        aria-invalid={s.error ? 'true' : undefined}
        aria-describedby={s.error ? `${id}-error` : undefined}
        onInput={(e) => {
          typed.current = true;
          setText(e.currentTarget.value);
          s.setSaved(false);
        }}
        onBlur={() => save(text)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            save(text);
          } else if (e.key === 'Escape') {
            typed.current = false;
            setText(current);
          }
        }}
      />
      {s.error ? (
        <p class="field-error" id={`${id}-error`}>
          {s.error}
        </p>
      ) : null}
    </div>
  );
}

export function InlineRole({ tripId, player }: { tripId: string; player: Player }) {
  const s = useInlineSave(tripId, player, 'role');
  const id = `role-${player.id}`;
  return (
    <div class={`inline-edit${s.error ? ' invalid' : ''}`}>
      <select id={id} value={player.role} aria-label={`Role of ${player.name}`} disabled={s.pending} aria-describedby={s.error ? `${id}-error` : undefined} onChange={(e) => void s.save(e.currentTarget.value)}>
        {ROLE_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {s.error ? (
        <p class="field-error" id={`${id}-error`}>
          {s.error}
        </p>
      ) : null}
    </div>
  );
}
