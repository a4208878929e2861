// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { firstUsefulControl } from './page-focus';

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
  it('else a grid cell, else the first button or link; null when there is none', () => {
    expect(firstUsefulControl(region('<a href="/x" id="l">x</a><div role="grid"><div role="gridcell" tabindex="-1" id="g"></div></div>'), shown)?.id).toBe('g');
    expect(firstUsefulControl(region('<p>text</p><a href="/x" id="l">x</a>'), shown)?.id).toBe('l');
    expect(firstUsefulControl(region('<p>text</p>'), shown)).toBeNull();
  });
});
