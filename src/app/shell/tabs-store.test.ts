import { describe, expect, it } from 'vitest';
import { adjacentTab, closeTabs, type Tab } from './tabs-store';

const tab = (path: string, affix = false): Tab => ({ path, href: `${path}?q=1`, pageKey: path, affix });
const tabs = [tab('/', true), tab('/common', true), tab('/a'), tab('/b'), tab('/c')];
const none = new Set<string>();

describe('closeTabs', () => {
  it('closing the active tab goes to the last remaining tab', () => {
    const out = closeTabs(tabs, ['/c'], none, '/c');
    expect(out.tabs.map((t) => t.path)).toEqual(['/', '/common', '/a', '/b']);
    expect(out.navigateTo).toBe('/b?q=1');
  });
  it('closing another tab stays put', () => {
    expect(closeTabs(tabs, ['/a'], none, '/c').navigateTo).toBeNull();
  });
  it('affix tabs never close; close all keeps them and goes to the last one', () => {
    const out = closeTabs(tabs, tabs.map((t) => t.path), none, '/b');
    expect(out.tabs.map((t) => t.path)).toEqual(['/', '/common']);
    expect(out.navigateTo).toBe('/common?q=1');
  });
  it('goes to the root when nothing remains', () => {
    expect(closeTabs([tab('/a')], ['/a'], none, '/a').navigateTo).toBe('/');
  });
  it('dirty tabs are refused (a close request is raised) and stay open', () => {
    const out = closeTabs(tabs, ['/a', '/b', '/c'], new Set(['/b']), '/b');
    expect(out.tabs.map((t) => t.path)).toEqual(['/', '/common', '/b']);
    expect(out.refused.map((t) => t.path)).toEqual(['/b']);
    expect(out.navigateTo).toBeNull();
  });
});

describe('adjacentTab', () => {
  it('steps forward and back, wrapping around', () => {
    expect(adjacentTab(tabs, '/a', 1)?.path).toBe('/b');
    expect(adjacentTab(tabs, '/a', -1)?.path).toBe('/common');
    expect(adjacentTab(tabs, '/c', 1)?.path).toBe('/');
    expect(adjacentTab(tabs, '/', -1)?.path).toBe('/c');
  });
  it('from a page without a tab yet (it will be the last): next is the first, previous the last; nowhere with a single tab', () => {
    expect(adjacentTab(tabs, '/elsewhere', 1)?.path).toBe('/');
    expect(adjacentTab(tabs, '/elsewhere', -1)?.path).toBe('/c');
    expect(adjacentTab([tab('/')], '/', 1)).toBeNull();
    expect(adjacentTab([], '/', 1)).toBeNull();
  });
});
