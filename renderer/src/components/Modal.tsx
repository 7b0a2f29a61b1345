/**
 * The dialog shell every modal uses: backdrop, role and label, and the keyboard as a dialog wants it:
 * focus moves into the dialog when it opens (its first field or button, or one marked `autoFocus`),
 * Tab and Shift+Tab stay inside, Escape closes it, and focus returns to what had it before.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The dialog's elements that take focus, in document order, visible ones only. */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
}

export function Modal(props: {
  title: string;
  testId: string;
  onClose: () => void;
  wide?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const root = box.current;
    if (root && !root.contains(document.activeElement)) {
      const first = root.querySelector<HTMLElement>('[autofocus]') ?? focusables(root)[0] ?? root;
      first.focus();
    }
    return () => {
      // Back to the opener, if it is still there (a dialog over a dialog returns to the one below).
      if (before && before.isConnected) before.focus();
    };
  }, []);
  // A focused control that goes away (a "show all" button once all are shown) leaves the focus on the
  // page's body, where the dialog's own keys do not arrive: Escape there still closes the top dialog.
  const onClose = useRef(props.onClose);
  useEffect(() => {
    onClose.current = props.onClose;
  });
  useEffect(() => {
    const lost = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || (document.activeElement && document.activeElement !== document.body)) return;
      const dialogs = document.querySelectorAll('.modal-backdrop');
      if (box.current && dialogs[dialogs.length - 1]?.contains(box.current)) onClose.current();
    };
    document.addEventListener('keydown', lost);
    return () => document.removeEventListener('keydown', lost);
  }, []);
  return (
    <div
      className="modal-backdrop"
      onKeyDown={(e) => {
        if (e.key === 'Tab' && box.current) {
          // The top dialog keeps the focus: a dialog below does not see this Tab.
          e.stopPropagation();
          const all = focusables(box.current);
          if (all.length === 0) return;
          const [first, last] = [all[0]!, all[all.length - 1]!];
          const at = document.activeElement;
          if (e.shiftKey && (at === first || !box.current.contains(at))) {
            e.preventDefault();
            last.focus();
          } else if (!e.shiftKey && (at === last || !box.current.contains(at))) {
            e.preventDefault();
            first.focus();
          }
          return;
        }
        // A dialog over a dialog: Escape closes the top one only.
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        props.onClose();
      }}
    >
      <div
        ref={box}
        className={props.wide ? 'modal wide' : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        data-testid={props.testId}
        tabIndex={-1}
      >
        <h2 id={id}>{props.title}</h2>
        {props.children}
      </div>
    </div>
  );
}
