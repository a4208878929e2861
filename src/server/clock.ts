/**
 * Today where the firm is: the calendar date in the server's time zone (TZ), never Greenwich's.
 *
 * `CLOCK_OFFSET_MS` shifts it (ms, may be negative): the e2e runs put the server on the same demo
 * day as their browser (e2e/page-models/clock.ts), whatever the machine's date. Unset in use.
 */
import { localIsoDate } from '../domain/typed-date';

const offsetMs = (): number => Number(process.env.CLOCK_OFFSET_MS ?? 0) || 0;

export const todayIso = (): string => localIsoDate(new Date(Date.now() + offsetMs()));
