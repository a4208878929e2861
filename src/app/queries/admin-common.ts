/**
 * Notices close after the host's MESSAGE_DISPLAY_MS (1.5 s, shell/notifications-host.tsx).
 * Shared plumbing of the administration screens' mutations: success and failure notices
 * (server messages arrive already localized in ApiError.message) and cache invalidation.
 */
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';
import { ApiError } from '../api/client';

export function notifySuccess(message?: string): void {
  notifications.show({ color: 'green', message: message ?? i18n.t('common:operationSucceeded') });
}

/** A save that succeeded: 'Saved successfully!' (spec 02 §8), or the caller's message. */
export function notifySaved(message?: string): void {
  notifySuccess(message ?? i18n.t('common:savedSuccessfully'));
}

/** A failed call: the server's message (already in the user's language), else the error's text, else 'Operation failed!'. */
export function notifyError(err: unknown): void {
  showError(err, undefined);
}

/** A failed save: the same, under 'Save failed!' (spec 02 §8). One argument, so it can be passed as a callback. */
export function notifySaveError(err: unknown): void {
  showError(err, i18n.t('common:saveFailed'));
}

function showError(err: unknown, title: string | undefined): void {
  const message = err instanceof ApiError || err instanceof Error ? err.message : i18n.t('common:operationFailed');
  notifications.show({ color: 'red', ...(title ? { title } : {}), message: message || i18n.t('common:operationFailed') });
}

export interface AdminMutationOptions<TVars, TData> {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** Keys to invalidate after success (a function sees the variables and the answer). */
  invalidate?: QueryKey[] | ((vars: TVars, data: TData) => QueryKey[]);
  /** false: no success notice (the caller shows its own). */
  notify?: boolean;
  /** A save (create, update): 'Saved successfully!' on success, 'Save failed!' above the reason on failure. */
  saves?: boolean;
  onSuccess?: (data: TData, vars: TVars) => void;
  /** After the failure notice (e.g. reload what a STALE_DATA answer says is out of date). */
  onError?: (err: Error, vars: TVars) => void;
  /** Result codes the caller answers itself (a follow-up question, e.g. tip7): no failure notice for them. */
  handledCodes?: readonly string[];
}

/** A mutation that notifies and invalidates; errors are shown and re-thrown to mutateAsync callers. */
export function useAdminMutation<TVars, TData = unknown>(opts: AdminMutationOptions<TVars, TData>) {
  const qc = useQueryClient();
  return useMutation<TData, Error, TVars>({
    mutationFn: opts.mutationFn,
    onSuccess: async (data, vars) => {
      const keys = typeof opts.invalidate === 'function' ? opts.invalidate(vars, data) : (opts.invalidate ?? []);
      await Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
      if (opts.notify !== false) (opts.saves ? notifySaved : notifySuccess)();
      opts.onSuccess?.(data, vars);
    },
    onError: (err, vars) => {
      if (!(err instanceof ApiError && opts.handledCodes?.includes(err.code))) (opts.saves ? notifySaveError : notifyError)(err);
      opts.onError?.(err, vars);
    },
  });
}
