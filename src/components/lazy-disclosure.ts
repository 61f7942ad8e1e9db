/**
 * A disclosure's button and what closes it when the focus leaves (the Columns chooser, the Export
 * menu): on every list's first screen. What an open panel does (use-dismiss.ts) loads with the
 * panel.
 */
import {
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type RefObject,
} from 'react';

/**
 * Whether the focus that left for `next` left a disclosure (`root`: its button and panel), as Tab
 * or a click elsewhere does. A press on the panel's text moves the focus to the nearest focusable
 * ancestor (the page's main region, say): that is a click inside, and the panel stays open.
 */
function focusLeaves(next: EventTarget | null, root: Element | null | undefined): boolean {
  return next instanceof Node && !root?.contains(next) && !next.contains(root ?? null);
}

/**
 * Closes an open disclosure when the focus leaves it (`root`: its button and panel, whether or not
 * the panel's code has loaded yet).
 */
export function useFocusOut(
  root: RefObject<HTMLElement | null>,
  open: boolean,
  close: () => void,
): void {
  const onFocusOut = useEffectEvent((event: FocusEvent) => {
    if (focusLeaves(event.relatedTarget, root.current)) close();
  });
  useEffect(() => {
    const element = root.current;
    if (!open || !element) return;
    element.addEventListener('focusout', onFocusOut);
    return () => {
      element.removeEventListener('focusout', onFocusOut);
    };
  }, [root, open]);
}

/**
 * A button that discloses a panel whose code loads when the pointer or focus first reaches the
 * button (the Columns chooser, the Export menu): whether it is open, whether it was ever asked for
 * (the panel then stays mounted), what the panel needs to close itself, and the button's own
 * props. Focus leaving the whole disclosure closes it.
 */
export function useLazyDisclosure(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => {
    setOpen(false);
  }, []);
  useFocusOut(root, open, close);
  const prefetch = () => {
    void load();
  };
  const buttonProps = {
    ref: button,
    type: 'button' as const,
    'aria-expanded': open,
    ...(wanted ? { 'aria-controls': panelId } : {}),
    onPointerEnter: prefetch,
    onFocus: prefetch,
    onClick: () => {
      setWanted(true);
      setOpen((o) => !o);
    },
  };
  return { open, setOpen, close, wanted, root, button, panelId, buttonProps };
}
