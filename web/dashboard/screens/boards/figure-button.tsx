/** A figure on a board that opens its derivation: its visible number, and a name that says whose and what. */
import type { ComponentChildren } from 'preact';

export function FigureButton({ label, onOpen, children }: { label: string; onOpen: () => void; children: ComponentChildren }) {
  return (
    <button type="button" class="figure" aria-label={label} onClick={onOpen}>
      {children}
    </button>
  );
}
