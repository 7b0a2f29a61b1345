/**
 * The dialog shell every modal uses: backdrop, role and label, Escape to close.
 */
import { useId, type ReactNode } from 'react';

export function Modal(props: {
  title: string;
  testId: string;
  onClose: () => void;
  wide?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div
      className="modal-backdrop"
      onKeyDown={(e) => {
        // A dialog over a dialog: Escape closes the top one only.
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        props.onClose();
      }}
    >
      <div
        className={props.wide ? 'modal wide' : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        data-testid={props.testId}
      >
        <h2 id={id}>{props.title}</h2>
        {props.children}
      </div>
    </div>
  );
}
