import { describe, expect, it } from 'vitest';
import { dedupeNotifications, notificationIdentity } from './notification-dedupe';

describe('notification dedupe', () => {
  it('drops later copies of an identical message, keeps different ones', () => {
    const list = [
      { id: 'a', color: 'red', message: 'Failed' },
      { id: 'b', color: 'green', message: 'Saved' },
      { id: 'c', color: 'red', message: 'Failed' },
      { id: 'd', color: 'green', message: 'Failed' },
      { id: 'e', color: 'red', title: 'X', message: 'Failed' },
    ];
    expect(dedupeNotifications(list).map((n) => n.id)).toEqual(['a', 'b', 'd', 'e']);
  });
  it('returns the same array when nothing was dropped; rich content is never merged', () => {
    const list = [{ id: 'a', message: 'x' }, { id: 'b', message: { rich: true } }, { id: 'c', message: { rich: true } }];
    expect(dedupeNotifications(list)).toBe(list);
    expect(notificationIdentity({ message: { rich: true } })).toBeNull();
  });
});
