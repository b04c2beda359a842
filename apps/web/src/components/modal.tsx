import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Icon } from './icon';

type ModalProps = {
  open: boolean;
  title: string;
  /** Without it the modal can't be dismissed (Esc and the close button are off). */
  onClose?: () => void;
  children: ReactNode;
};

/**
 * A native <dialog> shown modally: the browser traps focus, restores it on close and
 * draws the backdrop, so no UI kit is needed on the login route (ADR 0010).
 */
export function Modal({ open, title, onClose, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React consumes autoFocus before the dialog opens, so the field to start in is marked instead.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
    >
      {open && (
        <>
          <div className="modal-header">
            <h2 id={titleId} className="modal-title">
              {title}
            </h2>
            {onClose && (
              <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
                <Icon name="close" />
              </button>
            )}
          </div>
          <div className="modal-body">{children}</div>
        </>
      )}
    </dialog>
  );
}
