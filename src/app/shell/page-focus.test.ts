// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { firstUsefulControl, usePageFocus } from './page-focus';

const region = (html: string) => {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
};
// jsdom lays nothing out: everything counts as shown unless marked.
const shown = (el: Element) => !el.closest('[data-hidden]');

describe('first useful control of a page', () => {
  it('prefers a control marked data-autofocus', () => {
    const r = region('<input id="a"><div data-autofocus><button id="b">go</button></div>');
    expect(firstUsefulControl(r, shown)?.id).toBe('b');
  });
  it('else the first enabled, shown field (not a checkbox), before buttons', () => {
    const r = region('<button id="x">New</button><input type="checkbox" id="c"><input id="d" disabled><div data-hidden><input id="h"></div><input id="f">');
    expect(firstUsefulControl(r, shown)?.id).toBe('f');
  });
  it('passes over selects and date inputs (they open a popup when focused): the next field, else the grid', () => {
    expect(firstUsefulControl(region('<input role="combobox" id="s"><input data-dates-input id="d"><input id="k">'), shown)?.id).toBe('k');
    expect(firstUsefulControl(region('<input role="combobox" id="s"><div role="grid"><div role="gridcell" tabindex="-1" id="g"></div></div>'), shown)?.id).toBe('g');
    // Marked by the page, it is taken all the same.
    expect(firstUsefulControl(region('<input role="combobox" id="s" data-autofocus><input id="k">'), shown)?.id).toBe('s');
  });
  it('else a grid cell, else the first button or link; null when there is none', () => {
    expect(firstUsefulControl(region('<a href="/x" id="l">x</a><div role="grid"><div role="gridcell" tabindex="-1" id="g"></div></div>'), shown)?.id).toBe('g');
    expect(firstUsefulControl(region('<p>text</p><a href="/x" id="l">x</a>'), shown)?.id).toBe('l');
    expect(firstUsefulControl(region('<p>text</p>'), shown)).toBeNull();
  });
});

describe('focus after a navigation', () => {
  // jsdom lays nothing out; here every element counts as shown.
  const rects = HTMLElement.prototype.getClientRects;
  beforeEach(() => {
    HTMLElement.prototype.getClientRects = () => [{}] as unknown as DOMRectList;
  });
  afterEach(() => {
    HTMLElement.prototype.getClientRects = rects;
    document.body.innerHTML = '';
  });
  const setUp = (html: string) => {
    const outside = document.createElement('input');
    outside.id = 'outside';
    const root = region(html);
    root.tabIndex = -1;
    document.body.append(outside, root);
    return { outside, root, ref: { current: root } };
  };

  it('moves the focus onto the first control of the new page', () => {
    const { ref } = setUp('<button id="b">go</button><input id="f">');
    renderHook(() => usePageFocus(ref, '/a', true));
    expect(document.activeElement?.id).toBe('f');
  });
  it('marks the control it focused until the user types in it', () => {
    const { ref } = setUp('<input id="f">');
    renderHook(() => usePageFocus(ref, '/a', true));
    const f = document.getElementById('f')!;
    expect(f.hasAttribute('data-auto-focused')).toBe(true);
    f.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(f.hasAttribute('data-auto-focused')).toBe(false);
  });
  it('keeps a focus the user already put inside the page before it was ready', () => {
    const { ref, root } = setUp('<input id="f"><input id="g">');
    root.querySelector<HTMLElement>('#g')!.focus();
    renderHook(() => usePageFocus(ref, '/a', true));
    expect(document.activeElement?.id).toBe('g');
  });
  it('stops once the focus moved elsewhere, even back onto the element focused before', async () => {
    const { ref, root, outside } = setUp('');
    outside.focus();
    renderHook(() => usePageFocus(ref, '/a', true));
    expect(document.activeElement?.id).toBe('outside');
    // The palette (here: `outside`) closes and opens again while the page still loads.
    outside.blur();
    outside.focus();
    root.append(Object.assign(document.createElement('input'), { id: 'late' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(document.activeElement?.id).toBe('outside');
  });
  it('leaves the focus in a dialog opened over the page before the page was ready', async () => {
    const { ref } = setUp('<input id="f">');
    const dialog = Object.assign(document.createElement('div'), { innerHTML: '<input id="palette">' });
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    document.body.append(dialog);
    document.getElementById('palette')!.focus();
    renderHook(() => usePageFocus(ref, '/a', true));
    await new Promise((r) => setTimeout(r, 0));
    expect(document.activeElement?.id).toBe('palette');
  });
  it('takes the focus from a popover (the menu flyout whose entry navigated), not only from nowhere', () => {
    const { ref } = setUp('<input id="f">');
    const flyout = Object.assign(document.createElement('div'), { innerHTML: '<a href="/a" id="entry">a</a>' });
    flyout.setAttribute('role', 'dialog');
    document.body.append(flyout);
    document.getElementById('entry')!.focus();
    renderHook(() => usePageFocus(ref, '/a', true));
    expect(document.activeElement?.id).toBe('f');
  });
  it('waits for a control that arrives late while nothing else took the focus', async () => {
    const { ref, root, outside } = setUp('');
    outside.focus();
    renderHook(() => usePageFocus(ref, '/a', true));
    root.append(Object.assign(document.createElement('input'), { id: 'late' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(document.activeElement?.id).toBe('late');
  });
  it('looks again when what it focused goes away with the first view (a fresh load: the scope banner, then the page)', async () => {
    const { ref, root } = setUp('<div id="banner">No ledger set chosen <a href="/basic/accountList" id="link">create one</a></div>');
    renderHook(() => usePageFocus(ref, '/basic/bankAccount', true));
    expect(document.activeElement?.id).toBe('link');
    // The ledger set is restored: the banner goes, the page comes.
    root.querySelector('#banner')!.remove();
    root.append(Object.assign(document.createElement('input'), { id: 'keyword' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(document.activeElement?.id).toBe('keyword');
  });
  it('does not take the focus back once the user moved it, even when what it focused goes away', async () => {
    const { ref, root, outside } = setUp('<div id="banner"><a href="/x" id="link">x</a></div>');
    renderHook(() => usePageFocus(ref, '/a', true));
    expect(document.activeElement?.id).toBe('link');
    outside.focus();
    root.querySelector('#banner')!.remove();
    root.append(Object.assign(document.createElement('input'), { id: 'keyword' }));
    await new Promise((r) => setTimeout(r, 0));
    expect(document.activeElement?.id).toBe('outside');
  });
});
