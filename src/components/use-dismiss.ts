import { useEffect, useEffectEvent, type RefObject } from 'react';

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
  // `root` and `close` are read when an event comes, whatever their identity.
  const onPointerDown = useEffectEvent((event: PointerEvent) => {
    if (event.target instanceof Node && root()?.contains(event.target)) return;
    close();
  });
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
    const focused = document.activeElement;
    if (!focused || focused === document.body || root()?.contains(focused)) {
      button.current?.focus();
    }
  });
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>(firstControl)?.focus();
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, panel, firstControl]);
}
