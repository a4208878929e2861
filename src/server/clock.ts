/** Today where the firm is: the calendar date in the server's time zone (TZ), never Greenwich's. */
import { localIsoDate } from '../domain/typed-date';

export const todayIso = (): string => localIsoDate(new Date());
