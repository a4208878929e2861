import { describe, expect, it } from 'vitest';
import { emptyOverlay } from './read-grid';

describe('read grid', () => {
  it('shows the empty text as text, never as markup', () => {
    expect(emptyOverlay('没有数据')).toBe('<span>没有数据</span>');
    expect(emptyOverlay('<img src=x onerror=alert(1)> & "q"')).toBe('<span>&#60;img src=x onerror=alert(1)&#62; &#38; &#34;q&#34;</span>');
  });
});
