/**
 * A modal dialog on the native `<dialog>` element: `showModal()` makes the page behind it inert, keeps focus
 * inside, and Escape closes it, as a person using a keyboard or a screen reader expects. The page behind stays
 * mounted, so nothing typed there is lost while the dialog is open.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export function Dialog(props: { open: boolean; title: ComponentChildren; onClose: () => void; children: ComponentChildren; id: string; class?: string; dismissible?: boolean }) {
  const { open, title, onClose, children, id, dismissible = true } = props;
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      id={id}
      class={`dialog${props.class ? ` ${props.class}` : ''}`}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        // Escape: closes unless the dialog must be answered.
        e.preventDefault();
        if (dismissible) onClose();
      }}
    >
      {open ? (
        <>
          <h2 id={`${id}-title`} class="dialog-title">
            {title}
          </h2>
          {children}
        </>
      ) : null}
    </dialog>
  );
}
