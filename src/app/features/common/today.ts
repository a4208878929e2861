/** Today where the user is: the browser's calendar date, never Greenwich's (domain/typed-date.ts). */
import { localIsoDate } from '../../../domain/typed-date';

export const todayIso = (): string => localIsoDate(new Date());
