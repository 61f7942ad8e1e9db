import { useEffect, type FocusEvent, type RefObject } from 'react';

/**
 * Whether a blur takes the focus out of a disclosure (`root`: its button and panel), as Tab or a
 * click elsewhere does. A press on the panel's text moves the focus to the nearest focusable
 * ancestor (the page's main region, say): that is a click inside, and the panel stays open.
 */
export function focusLeaves(event: FocusEvent, root: Element | null | undefined): boolean {
  const next = event.relatedTarget;
  return next instanceof Node && !root?.contains(next) && !next.contains(root ?? null);
}

/**
 * What every disclosure panel does while it is open (the Columns chooser, the Export menu): its
 * first control takes the focus, a press outside it or Escape closes it, and Escape gives the focus
 * back to the button that opened it when the focus was inside or nowhere.
 */
export function useDismiss({
  open,
  close,
  root,
  button,
  panel,
  firstControl,
}: {
  open: boolean;
  close: () => void;
  /** Everything that belongs to the disclosure: the button and the panel. */
  root: () => Element | null | undefined;
  button: RefObject<HTMLButtonElement | null>;
  panel: RefObject<HTMLElement | null>;
  /** Which control of the panel takes the focus when it opens. */
  firstControl: string;
}): void {
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>(firstControl)?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && root()?.contains(event.target)) return;
      close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
      const focused = document.activeElement;
      if (!focused || focused === document.body || root()?.contains(focused)) {
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
    // `root` and `close` are read when an event comes, whatever their identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, button, panel, firstControl]);
}
