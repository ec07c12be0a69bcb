/**
 * A card whose body shows and hides under its heading (the disclosure pattern: the heading holds a button with
 * `aria-expanded`). Open on its own while it is the next thing to do (`auto`); the organizer's own choice wins.
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';

export function Fold({ id, title, auto, note, children }: { id: string; title: string; auto: boolean; note?: ComponentChildren; children: ComponentChildren }) {
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? auto;
  return (
    <section class="card fold" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <button type="button" class="fold-toggle" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setChosen(!open)}>
          <span class="fold-mark" aria-hidden="true">
            {open ? '▾' : '▸'}
          </span>
          {title}
        </button>
      </h2>
      {note ? <p class="muted small fold-note">{note}</p> : null}
      <div id={`${id}-body`} hidden={!open}>
        {open ? children : null}
      </div>
    </section>
  );
}
