import { describe, expect, it } from 'vitest';
import { addMonths, completeTypedDate, localIsoDate, looksLikeDate, parseTypedDate, parseTypedMonth } from './typed-date';

describe('parseTypedDate', () => {
  it('reads the full forms clerks type', () => {
    for (const t of ['2026-09-01', '2026/9/1', '2026.9.1', '20260901', ' 2026-9-01 ']) expect(parseTypedDate(t, 2000)).toBe('2026-09-01');
  });
  it('takes the reference year when the year is left out', () => {
    for (const t of ['9-1', '9/1', '09.01', '0901']) expect(parseTypedDate(t, 2025)).toBe('2025-09-01');
  });
  it('refuses half-typed and impossible dates', () => {
    for (const t of ['', '2', '2026', '2026-0', '2026-09', '202609', '2026-02-30', '2025-13-01', '0230', '1899-12-31', 'abc', '2026-09-01x']) expect(parseTypedDate(t, 2026)).toBeNull();
    expect(parseTypedDate('2024-02-29', 2026)).toBe('2024-02-29');
    expect(parseTypedDate('0229', 2025)).toBeNull();
  });
});

describe('completeTypedDate', () => {
  it('names a date only once no further digit could make it another one', () => {
    // Typed key by key at normal speed: 2025-06-1 is not the 1st yet (it becomes the 15th).
    const typing = ['2', '20', '202', '2025', '2025-', '2025-0', '2025-06', '2025-06-', '2025-06-1', '2025-06-15'];
    expect(typing.map((t) => completeTypedDate(t, 2026))).toEqual([null, null, null, null, null, null, null, null, null, '2025-06-15']);
    for (const t of ['20250615', '0615', '2025-06-30', '2025/6/30', ' 2025-06-15 ']) expect(completeTypedDate(t, 2025)).not.toBeNull();
    // A one-digit day is never taken while typing: 2026-02-3 may be on its way to the 30th, a day
    // February does not have, which is refused when the clerk is done, not taken as the 3rd.
    for (const t of ['2026-02-3', '2026-06-4', '2026-6-1', '2026-06-3', '6-1', '6/2']) expect(completeTypedDate(t, 2026)).toBeNull();
    expect(completeTypedDate('2026-2-03', 2026)).toBe('2026-02-03');
    // What does not read as a date at all is never complete.
    for (const t of ['', 'abc', '2026-13-01', '2026-02-30']) expect(completeTypedDate(t, 2026)).toBeNull();
  });
});

describe('parseTypedMonth', () => {
  it('reads the forms clerks type', () => {
    for (const t of ['2026-10', '2026/10', '2026.10', '202610', '2026年10月', '2026年10', ' 2026-10 ']) expect(parseTypedMonth(t, 2000)).toBe('2026-10');
    expect(parseTypedMonth('2026-1', 2000)).toBe('2026-01');
  });
  it('takes the reference year when the year is left out', () => {
    for (const t of ['10', '10月']) expect(parseTypedMonth(t, 2025)).toBe('2025-10');
    expect(parseTypedMonth('3', 2025)).toBe('2025-03');
  });
  it('refuses half-typed and impossible months', () => {
    for (const t of ['', '2026', '2026-', '2026-13', '2026-00', '13', '0', '20261', '1899-12', '2026-10-01', 'abc', '2026-10x']) expect(parseTypedMonth(t, 2026)).toBeNull();
  });
});

describe('addMonths', () => {
  it('steps across years both ways', () => {
    expect(addMonths('2026-10', 1)).toBe('2026-11');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-03', -15)).toBe('2024-12');
    expect(addMonths('2026-03', 0)).toBe('2026-03');
  });
});

describe('localIsoDate', () => {
  it('is the calendar date where the clock is, not in Greenwich', () => {
    const saved = process.env.TZ;
    try {
      process.env.TZ = 'Asia/Shanghai';
      // 23:30 UTC on the 30th is 07:30 on the 1st in Beijing.
      expect(localIsoDate(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
      expect(new Date('2026-11-30T23:30:00Z').toISOString().slice(0, 10)).toBe('2026-11-30');
      process.env.TZ = 'America/New_York';
      expect(localIsoDate(new Date('2026-12-01T03:00:00Z'))).toBe('2026-11-30');
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});

describe('looksLikeDate', () => {
  it('tells a date-shaped text (real or not) from a half-typed one', () => {
    for (const t of ['2026-02-30', '2026/9/1', '20260231', '0230', '9-31', ' 2026-11-31 ']) expect(looksLikeDate(t)).toBe(true);
    for (const t of ['', '2026-', '2026-0', '2026-02-', 'abc', '2026-02-30x']) expect(looksLikeDate(t)).toBe(false);
  });
});
