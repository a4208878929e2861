/**
 * A key-help popover (the grid's '?', a screen's own key list) that a keyboard user can leave.
 * Opened with Enter on its button the focus stays on the button, and Mantine closes a popover on
 * Escape only while the focus is inside it: so Escape on the button closes it too (the focus stays
 * there), Escape inside the panel closes it and puts the focus back on the button, and the focus
 * going on to anything else (a grid cell, another tab, a drawer the popover would cover) closes it.
 * The Escape that closes it goes no further (the page would read it as its own Escape). Spread
 * `popover` on the Popover, `target` on its button (inside Popover.Target) and `dropdown` on
 * Popover.Dropdown.
 */
import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

export function useHelpPopover() {
  const [opened, setOpened] = useState(false);
  const targetRef = useRef<HTMLButtonElement>(null);
  const dropdownRef = useRef<HTMLDivElement>(null);
  /** Whether a node is the button or inside the panel (a click on the panel focuses the panel). */
  const inside = (node: EventTarget | null) => node instanceof Node && Boolean(targetRef.current?.contains(node) || dropdownRef.current?.contains(node));
  // Focus gone to another control; none (a click on the page's plain text) is the click-outside rule's.
  const leave = (e: FocusEvent) => {
    if (e.relatedTarget && !inside(e.relatedTarget)) setOpened(false);
  };
  const escape = (e: KeyboardEvent, back: boolean) => {
    if (e.key !== 'Escape' || !opened) return;
    e.preventDefault();
    e.stopPropagation();
    setOpened(false);
    if (back) targetRef.current?.focus({ preventScroll: true });
  };
  return {
    opened,
    popover: { opened, onChange: setOpened, closeOnEscape: false },
    target: {
      ref: targetRef,
      'aria-expanded': opened,
      onClick: () => setOpened((o) => !o),
      onKeyDown: (e: KeyboardEvent) => escape(e, false),
      onBlur: leave,
    },
    dropdown: { ref: dropdownRef, onKeyDown: (e: KeyboardEvent) => escape(e, true), onBlur: leave },
  };
}
