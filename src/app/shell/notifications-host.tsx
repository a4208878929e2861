/**
 * The notification host, loaded lazily once a session exists (app.tsx). Messages close after
 * MESSAGE_DISPLAY_MS (spec 01 §9), at most NOTIFICATION_LIMIT show at once, and an identical
 * message already showing or waiting is not added again (notification-dedupe.ts).
 */
import { useEffect } from 'react';
import { Notifications, notifications, notificationsStore } from '@mantine/notifications';
import { MESSAGE_DISPLAY_MS } from '../../domain/constants';
import { dedupeNotifications } from './notification-dedupe';

export const NOTIFICATION_LIMIT = 3;

export function NotificationsHost() {
  useEffect(() => {
    const dedupe = () => {
      const { notifications: shown, queue } = notificationsStore.getState();
      const all = [...shown, ...queue];
      if (dedupeNotifications(all) !== all) notifications.updateState(notificationsStore, (list) => dedupeNotifications(list));
    };
    dedupe();
    return notificationsStore.subscribe(dedupe);
  }, []);
  return <Notifications position="top-center" autoClose={MESSAGE_DISPLAY_MS} limit={NOTIFICATION_LIMIT} />;
}
