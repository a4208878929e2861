// @vitest-environment jsdom
import { useEffect, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { focusIsLost, useReturnFocusOnUnmount } from './use-return-focus';

/** A dialog mounted only while open that takes the focus, as a modal's focus trap does. */
function Dialog() {
  useReturnFocusOnUnmount();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return <input ref={input} data-testid="in-dialog" />;
}

function Page({ open }: { open: boolean }) {
  return (
    <div>
      <button data-testid="opener">open</button>
      <input data-testid="other" />
      {open && <Dialog />}
    </div>
  );
}

let root: Root | null = null;
let host: HTMLElement | null = null;
const render = (open: boolean) => flushSync(() => root!.render(<Page open={open} />));
const byId = (id: string) => host!.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
const tick = () => new Promise((r) => setTimeout(r, 5));

afterEach(() => {
  root?.unmount();
  host?.remove();
  root = null;
});

function mount() {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  render(false);
}

describe('useReturnFocusOnUnmount', () => {
  it('gives the focus back to the element that had it when the dialog opened', async () => {
    mount();
    byId('opener').focus();
    render(true);
    expect(document.activeElement).toBe(byId('in-dialog'));
    render(false);
    expect(focusIsLost(document)).toBe(true);
    await tick();
    expect(document.activeElement).toBe(byId('opener'));
  });

  it('leaves the focus where a caller put it on purpose', async () => {
    mount();
    byId('opener').focus();
    render(true);
    render(false);
    byId('other').focus();
    await tick();
    expect(document.activeElement).toBe(byId('other'));
  });

  it('does nothing when nothing had the focus before', async () => {
    mount();
    (document.activeElement as HTMLElement | null)?.blur();
    render(true);
    render(false);
    await tick();
    expect(focusIsLost(document)).toBe(true);
  });
});
