import { pinyin } from 'pinyin-pro';
import { describe, expect, it } from 'vitest';
import { initialsWith } from './pinyin-initials';

describe('pinyin initials of a name', () => {
  const initialsOf = initialsWith(pinyin);

  it('are the lower-case first letters of its Chinese characters, the rest left out', () => {
    expect(initialsOf('北京科技有限公司')).toBe('bjkjyxgs');
    expect(initialsOf('诉讼组 Litigation')).toBe('ssz');
    expect(initialsOf('北京A2科技')).toBe('bjkj');
    // Characters read by their word: 重庆 chong qing, 长城 chang cheng.
    expect(initialsOf('重庆长城')).toBe('cqcc');
  });

  it('are none for a name without Chinese characters', () => {
    expect(initialsOf('Blue River Ltd')).toBeNull();
    expect(initialsOf('')).toBeNull();
  });
});
