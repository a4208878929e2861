// @vitest-environment jsdom
/**
 * A filter bar's reversed range (range-filter.ts): the catalogue's PERIOD_END_BEFORE_START under the
 * later field in the reader's language, and the query held back.
 */
import { renderHook } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import enErrors from '../../../../locales/en_US/errors.json';
import zhErrors from '../../../../locales/zh_CN/errors.json';
import { periodRangeReversed, periodStart, reversedRanges, unlessReversed, usePeriodRangeCheck, useRangeCheck } from './range-filter';

const i18nIn = (lng: 'en_US' | 'zh_CN') => {
  const i18n = createInstance();
  void i18n.init({ lng, resources: { en_US: { errors: enErrors }, zh_CN: { errors: zhErrors } }, interpolation: { escapeValue: false } });
  return i18n;
};
const wrapperIn = (lng: 'en_US' | 'zh_CN') => {
  const i18n = i18nIn(lng);
  return ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
};

const periods = [
  { id: 21, startAt: '2026-01-01' },
  // Ids need not follow the year's order: a period's place is its start.
  { id: 5, startAt: '2026-02-01' },
  { id: 30, startAt: '2026-03-01' },
];

describe('reversedRanges', () => {
  it('puts the catalogue key of PERIOD_END_BEFORE_START on the later field of a reversed range', () => {
    expect(reversedRanges({ dateFrom: '2026-03-10', dateTo: '2026-03-01' }, [['dateFrom', 'dateTo']])).toEqual({ dateTo: { key: 'errors:PERIOD_END_BEFORE_START' } });
    expect(reversedRanges({ startMonth: 5, endMonth: 3 }, [['startMonth', 'endMonth']])).toEqual({ endMonth: { key: 'errors:PERIOD_END_BEFORE_START' } });
  });

  it('says RANGE_END_BEFORE_START under the upper end of a reversed range of numbers (amounts in cents), beside a date range', () => {
    const values = { dateFrom: '2026-03-10', dateTo: '2026-03-01', amountMin: 20_000, amountMax: 100 };
    expect(reversedRanges(values, [['dateFrom', 'dateTo']], [['amountMin', 'amountMax']]))
      .toEqual({ dateTo: { key: 'errors:PERIOD_END_BEFORE_START' }, amountMax: { key: 'errors:RANGE_END_BEFORE_START' } });
    expect(reversedRanges({ amountMin: 100, amountMax: 100 }, [], [['amountMin', 'amountMax']])).toEqual({});
    expect(reversedRanges({ amountMin: 100 }, [], [['amountMin', 'amountMax']])).toEqual({});
  });

  it('takes a range in order, a one-day range, an open end and a half-typed date', () => {
    const pair = [['from', 'to']] as const;
    expect(reversedRanges({ from: '2026-03-01', to: '2026-03-10' }, pair)).toEqual({});
    expect(reversedRanges({ from: '2026-03-01', to: '2026-03-01' }, pair)).toEqual({});
    expect(reversedRanges({ from: '2026-03-10', to: '' }, pair)).toEqual({});
    expect(reversedRanges({ from: '2026-03-10' }, pair)).toEqual({});
    expect(reversedRanges({ from: '2026-03-10', to: '2026-03-0' }, pair)).toEqual({});
  });
});

describe('period ranges', () => {
  it('compares periods by their place in the year (start dates), not by id', () => {
    expect(periodStart(periods, 5)).toBe('2026-02-01');
    expect(periodStart(periods, null)).toBeUndefined();
    expect(periodStart(periods, 99)).toBeUndefined();
    expect(periodRangeReversed(periods, 30, 21)).toBe(true);
    expect(periodRangeReversed(periods, 21, 5)).toBe(false);
    expect(periodRangeReversed(periods, 5, 21)).toBe(true);
    expect(periodRangeReversed(periods, 5, 5)).toBe(false);
    expect(periodRangeReversed(undefined, 30, 21)).toBe(false);
    expect(periodRangeReversed(periods, 30, null)).toBe(false);
  });
});

describe('useRangeCheck', () => {
  it('says a reversed range under its end in English and in Chinese', () => {
    const values = { dateFrom: '2026-03-10', dateTo: '2026-03-01' };
    const en = renderHook(() => useRangeCheck(values, [['dateFrom', 'dateTo']]), { wrapper: wrapperIn('en_US') }).result.current;
    expect(en.reversed).toBe(true);
    expect(en.error('dateTo')).toBe('The period end cannot be before its start');
    expect(en.error('dateFrom')).toBeUndefined();
    const zh = renderHook(() => useRangeCheck(values, [['dateFrom', 'dateTo']]), { wrapper: wrapperIn('zh_CN') }).result.current;
    expect(zh.error('dateTo')).toBe('期间结束日期不能早于开始日期');
  });

  it('says nothing once the range is mended', () => {
    const { result, rerender } = renderHook(({ to }: { to: string }) => useRangeCheck({ dateFrom: '2026-03-10', dateTo: to }, [['dateFrom', 'dateTo']]), { wrapper: wrapperIn('en_US'), initialProps: { to: '2026-03-01' } });
    expect(result.current.reversed).toBe(true);
    rerender({ to: '2026-03-31' });
    expect(result.current.reversed).toBe(false);
    expect(result.current.error('dateTo')).toBeUndefined();
  });

  it('checks two period selects by the periods’ places', () => {
    const r = renderHook(() => usePeriodRangeCheck(periods, 30, 5), { wrapper: wrapperIn('en_US') }).result.current;
    expect(r.reversed).toBe(true);
    expect(r.error('end')).toBe('The period end cannot be before its start');
    expect(renderHook(() => usePeriodRangeCheck(periods, 21, 30), { wrapper: wrapperIn('en_US') }).result.current.reversed).toBe(false);
  });
});

describe('unlessReversed', () => {
  it('holds the query back (not enabled) while the range is reversed, else leaves the options as they are', () => {
    const options = { queryKey: ['x'], enabled: true };
    expect(unlessReversed(options, false)).toBe(options);
    expect(unlessReversed(options, true)).toEqual({ queryKey: ['x'], enabled: false });
    const open: { queryKey: string[]; enabled?: boolean } = { queryKey: ['y'] };
    expect(unlessReversed(open, true).enabled).toBe(false);
  });
});
