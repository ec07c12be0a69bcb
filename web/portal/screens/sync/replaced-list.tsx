/** Changes made on this phone that the server's version replaced (state/replaced.ts): what was typed, kept visible. */
import { useEffect, useState } from 'preact/hooks';
import { dismissReplaced, onReplacedChange, replacedChanges, type ReplacedChange } from '../../state/replaced.js';

const show = (v: unknown): string => (v === undefined || v === null ? '—' : Array.isArray(v) ? (v.length ? v.map(show).join(', ') : '—') : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function ReplacedList({ tripKey, describe }: { tripKey: string; describe: (docId: string) => string }) {
  const [list, setList] = useState<ReplacedChange[]>(() => replacedChanges(tripKey));
  useEffect(() => {
    setList(replacedChanges(tripKey));
    return onReplacedChange(() => setList(replacedChanges(tripKey)));
  }, [tripKey]);
  if (list.length === 0) return null;
  return (
    <>
      <h2>Replaced by a change on the server</h2>
      <p>Someone changed these on the server while this phone had its own change waiting; the server's version was kept. Yours is shown here so you can enter it again if it still matters.</p>
      <ul class="list" data-testid="replaced">
        {list.map((c) => (
          <li key={`${c.docId}@${c.at}`} class="refused-item">
            <div>
              <strong>{describe(c.docId)}</strong>
              <ul class="replaced-fields">
                {c.fields.map(([field, mine, kept]) => (
                  <li key={field}>
                    {field}: yours <strong>{show(mine)}</strong>, kept <strong>{show(kept)}</strong>
                  </li>
                ))}
              </ul>
            </div>
            <button type="button" class="secondary" onClick={() => dismissReplaced(tripKey, c.docId, c.at)} aria-label={`Dismiss: ${describe(c.docId)}`}>
              Dismiss
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
