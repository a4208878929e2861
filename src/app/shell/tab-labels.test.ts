import { describe, expect, it } from 'vitest';
import { labelParams } from './tab-labels';

describe('a tab label in the current language', () => {
  it('takes the parameters given for the language, else the plain ones', () => {
    const label = { key: 'voucher:tabTitle', params: { label: '记-0004' }, paramsByLanguage: { zh_CN: { label: '记-0004' }, en_US: { label: 'General-0004' } } };
    expect(labelParams(label, 'en_US')).toEqual({ label: 'General-0004' });
    expect(labelParams(label, 'zh_CN')).toEqual({ label: '记-0004' });
    expect(labelParams({ key: 'reimburse:tabTitle', params: { code: 'BX-0001' } }, 'en_US')).toEqual({ code: 'BX-0001' });
    expect(labelParams({ key: 'voucher:newTitle' }, 'en_US')).toBeUndefined();
  });
});
