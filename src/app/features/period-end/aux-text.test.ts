import { describe, expect, it } from 'vitest';
import { auxText } from './period-settlement-page';

describe("a transfer line's auxiliary values in the preview", () => {
  const auxes = [{ auxTypeId: 5, auxId: 3, code: 'P003', name: '某公司并购案' }, { auxTypeId: 1, auxId: 2, code: '02', name: '诉讼部' }];

  it('names each value with its localized type', () => {
    expect(auxText('zh_CN', auxes)).toBe('项目：P003 某公司并购案；部门：02 诉讼部');
    expect(auxText('en_US', auxes)).toBe('Project: P003 某公司并购案; Department: 02 诉讼部');
  });

  it('is empty for a line without auxiliary values', () => {
    expect(auxText('en_US', [])).toBe('');
  });
});
