// @vitest-environment jsdom
import { render } from '@testing-library/react';
import type { ICellRendererParams } from 'ag-grid-community';
import { describe, expect, it, vi } from 'vitest';
import { fullTextTooltip, isCutOff, renderedText, rendersWithFullText, withFullText } from './full-text';

/** An element whose content is `content` px wide in a box `box` px wide (jsdom lays nothing out). */
function sized(content: number, box: number): HTMLElement {
  const el = document.createElement('span');
  Object.defineProperty(el, 'scrollWidth', { value: content });
  Object.defineProperty(el, 'clientWidth', { value: box });
  return el;
}

describe('full-text tooltips', () => {
  it('a plain cell offers its displayed text; a rendered cell, an empty cell or an object offers none', () => {
    expect(fullTextTooltip({ location: 'cell', value: '北京朝阳国际商务咨询服务有限责任公司', colDef: {} } as never)).toBe('北京朝阳国际商务咨询服务有限责任公司');
    expect(fullTextTooltip({ location: 'cell', value: 123456, valueFormatted: '1,234.56', colDef: {} } as never)).toBe('1,234.56');
    expect(fullTextTooltip({ location: 'cell', value: 7, colDef: {} } as never)).toBe('7');
    expect(fullTextTooltip({ location: 'cell', value: 'x', colDef: { cellRenderer: () => null } } as never)).toBeUndefined();
    expect(fullTextTooltip({ location: 'cell', value: '  ', colDef: {} } as never)).toBeUndefined();
    expect(fullTextTooltip({ location: 'cell', value: { a: 1 }, colDef: {} } as never)).toBeUndefined();
  });

  it('tells cut-off content from content that fits', () => {
    expect(isCutOff(sized(240, 150))).toBe(true);
    expect(isCutOff(sized(150, 150))).toBe(false);
  });

  it('reads a renderer\'s text: a string, or elements holding text only; never badges, switches or buttons', () => {
    expect(renderedText('确认应收律师费', null)).toBe('确认应收律师费');
    expect(renderedText(null, document.createElement('span'))).toBeUndefined();
    const name = document.createElement('span');
    name.innerHTML = '<span style="padding-left:16px">应收账款</span>';
    expect(renderedText(<span />, name)).toBe('应收账款');
    const tags = document.createElement('span');
    tags.innerHTML = '<div><span class="mantine-Badge-root">已审核</span></div>';
    expect(renderedText(<span />, tags)).toBeUndefined();
    const actions = document.createElement('span');
    actions.innerHTML = '<button>编辑</button>';
    expect(renderedText(<span />, actions)).toBeUndefined();
  });

  it('a wrapped renderer draws what it drew and gives the grid its text with a cut-off check', () => {
    const box = sized(300, 120);
    const setTooltip = vi.fn();
    const Cell = withFullText((p: ICellRendererParams) => `摘要 ${String(p.value)}`);
    const { container } = render(<Cell {...({ value: 'x', eParentOfValue: box, setTooltip } as unknown as ICellRendererParams)} />);
    expect(container.textContent).toBe('摘要 x');
    expect(setTooltip).toHaveBeenCalledWith('摘要 x', expect.any(Function));
    const shouldDisplay = setTooltip.mock.calls[0]![1] as () => boolean;
    expect(shouldDisplay()).toBe(true);
  });

  it('a renderer drawing no text clears the tooltip an earlier draw set', () => {
    const setTooltip = vi.fn();
    const Cell = withFullText(() => null);
    render(<Cell {...({ eParentOfValue: sized(0, 100), setTooltip } as unknown as ICellRendererParams)} />);
    expect(setTooltip).toHaveBeenCalledWith('', expect.any(Function));
  });

  it('wraps a screen\'s function renderers and keeps registered names', () => {
    const name = () => 'n';
    const wrapped = rendersWithFullText({ name, checkbox: 'agCheckboxCellRenderer' })!;
    expect(wrapped.checkbox).toBe('agCheckboxCellRenderer');
    expect(wrapped.name).not.toBe(name);
    expect(typeof wrapped.name).toBe('function');
    expect(rendersWithFullText(undefined)).toBeUndefined();
  });
});
