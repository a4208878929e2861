// @vitest-environment jsdom
/**
 * The unsaved flag of a tab with more than one editor reporting: a page that keeps its changes with
 * the tab (`kept`) and a form dialog over it. The dialog closing, or going with its page, takes back
 * only its own report (it used to clear the page's flag: the roles page with rights ticked lost it
 * on a tab switch, its role dialog unmounting).
 */
import { useSyncExternalStore } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { tabsStore } from './tabs-store';
import { useTabDirty } from './use-tab-dirty';

const PATH = '/';
const isDirty = () => tabsStore.dirtyTabs().some((t) => t.path === PATH);

interface Props {
  page: boolean;
  dialog: boolean;
  dialogShown: boolean;
}

function Page({ page }: { page: boolean }) {
  useTabDirty(page, undefined, { kept: true });
  return null;
}
function Dialog({ dialog }: { dialog: boolean }) {
  useTabDirty(dialog);
  return null;
}

let setProps: (p: Props | null) => void = () => {};

async function mount(initial: Props) {
  tabsStore.visit({ path: PATH, href: PATH, pageKey: 'home', affix: false });
  let current: Props | null = initial;
  const listeners = new Set<() => void>();
  setProps = (p) => {
    current = p;
    listeners.forEach((l) => l());
  };
  const subscribe = (l: () => void) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  };
  function Screen() {
    const p = useSyncExternalStore(subscribe, () => current);
    if (!p) return null;
    return (
      <>
        <Page page={p.page} />
        {p.dialogShown && <Dialog dialog={p.dialog} />}
      </>
    );
  }
  const router = createRouter({ routeTree: createRootRoute({ component: Screen }), history: createMemoryHistory({ initialEntries: [PATH] }) });
  await act(async () => {
    render(<RouterProvider router={router} />);
  });
}

const set = (p: Props | null) => act(() => setProps(p));

afterEach(() => {
  cleanup();
  tabsStore.clear();
});

describe('useTabDirty with a kept page and a dialog on one tab', () => {
  it('a dialog going away (closed, or with its page) leaves the page\'s kept flag alone', async () => {
    await mount({ page: false, dialog: false, dialogShown: true });
    expect(isDirty()).toBe(false);
    set({ page: true, dialog: false, dialogShown: true });
    expect(isDirty()).toBe(true);
    // The dialog unmounts (closed): the page's changes still mark the tab.
    set({ page: true, dialog: false, dialogShown: false });
    expect(isDirty()).toBe(true);
    set({ page: true, dialog: false, dialogShown: true });
    // Both unmount (the user went to another tab): the kept page's flag stays.
    set(null);
    expect(isDirty()).toBe(true);
  });

  it('the tab is unsaved while either reports; a dialog made clean again does not clear the page', async () => {
    await mount({ page: false, dialog: false, dialogShown: true });
    set({ page: false, dialog: true, dialogShown: true });
    expect(isDirty()).toBe(true);
    set({ page: true, dialog: true, dialogShown: true });
    set({ page: true, dialog: false, dialogShown: true });
    expect(isDirty()).toBe(true);
    set({ page: false, dialog: false, dialogShown: true });
    expect(isDirty()).toBe(false);
    // A dirty dialog that goes takes its report with it.
    set({ page: false, dialog: true, dialogShown: true });
    set({ page: false, dialog: true, dialogShown: false });
    expect(isDirty()).toBe(false);
  });

  it('a tab that goes (closed, discarded) forgets its reports: the page coming back clean is clean', async () => {
    await mount({ page: true, dialog: false, dialogShown: false });
    expect(isDirty()).toBe(true);
    act(() => tabsStore.discard(PATH));
    expect(isDirty()).toBe(false);
    // A dialog reporting clean afterwards does not bring the discarded page's flag back.
    set({ page: true, dialog: false, dialogShown: true });
    expect(isDirty()).toBe(false);
  });
});
