// @vitest-environment jsdom
import { startTransition, useRef, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { isCtrlLetter, keyWithin, useScreenKeys } from './use-screen-keys';

/** A screen that counts its F9 presses and shows how many it has seen. */
function Screen({ seen }: { seen: string[] }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const [label] = useState('screen');
  useScreenKeys(rootRef, (e) => {
    if (e.key !== 'F9') return false;
    seen.push(label);
    return true;
  });
  return (
    <div ref={rootRef} data-testid="screen">
      <input data-testid="inside" />
    </div>
  );
}

const press = (target: EventTarget, key: string) => {
  const e = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
  target.dispatchEvent(e);
  return e;
};

let root: Root | null = null;
afterEach(() => {
  // Outside act: React's passive effects are left to its scheduler, as in the browser.
  root?.unmount();
  root = null;
  document.body.innerHTML = '';
});

describe('useScreenKeys', () => {
  it('hears a key pressed as soon as the screen is in the page, before React runs its passive effects', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const host = document.body.appendChild(document.createElement('div'));
    const seen: string[] = [];
    // The key comes in the microtask after the screen's elements enter the page (as a user's key can
    // come in the task after the paint); a route change renders in a transition, whose passive effects
    // React runs in a later task.
    const pressed = new Promise<KeyboardEvent>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!host.querySelector('[data-testid="screen"]')) return;
        observer.disconnect();
        resolve(press(document.body, 'F9'));
      });
      observer.observe(host, { childList: true, subtree: true });
    });
    root = createRoot(host);
    startTransition(() => root!.render(<Screen seen={seen} />));
    const e = await pressed;
    expect(seen).toEqual(['screen']);
    expect(e.defaultPrevented).toBe(true);
  });

  it('acts only on keys inside its root or with nothing focused, and leaves the keys it does not own alone', () => {
    const host = document.body.appendChild(document.createElement('div'));
    const outside = document.body.appendChild(document.createElement('input'));
    const seen: string[] = [];
    root = createRoot(host);
    flushSync(() => root!.render(<Screen seen={seen} />));
    const inside = host.querySelector('[data-testid="inside"]')!;
    expect(press(inside, 'F9').defaultPrevented).toBe(true);
    expect(press(outside, 'F9').defaultPrevented).toBe(false);
    expect(press(inside, 'F8').defaultPrevented).toBe(false);
    expect(seen).toEqual(['screen']);
    root.unmount();
    root = null;
    press(document.body, 'F9');
    expect(seen).toEqual(['screen']);
  });
});

describe('keyWithin / isCtrlLetter', () => {
  it('tells the screen keys apart', () => {
    const rootEl = document.body.appendChild(document.createElement('div'));
    const child = rootEl.appendChild(document.createElement('span'));
    expect(keyWithin(rootEl, { target: child })).toBe(true);
    expect(keyWithin(rootEl, { target: document.body })).toBe(true);
    expect(keyWithin(rootEl, { target: document.body.appendChild(document.createElement('i')) })).toBe(false);
    expect(keyWithin(null, { target: child })).toBe(false);
    expect(isCtrlLetter({ ctrlKey: true, metaKey: false, altKey: false, shiftKey: false, key: 'S' }, 's')).toBe(true);
    expect(isCtrlLetter({ ctrlKey: false, metaKey: true, altKey: false, shiftKey: false, key: 's' }, 's')).toBe(true);
    expect(isCtrlLetter({ ctrlKey: true, metaKey: false, altKey: false, shiftKey: true, key: 's' }, 's')).toBe(false);
    expect(isCtrlLetter({ ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, key: 's' }, 's')).toBe(false);
  });
});
