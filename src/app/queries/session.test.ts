import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { USER_LOAD_MAX_FAILURES } from '../../domain/constants';
import { ApiError } from '../api/client';
import { currentUserQueryOptions } from './session';

describe('currentUserQueryOptions', () => {
  it('a guard that subscribes after the router prefetch failed does not start the attempts over', async () => {
    const client = new QueryClient();
    let calls = 0;
    const failing = async () => {
      calls += 1;
      throw new ApiError(500, 'OPERATION_FAILED', '操作失败!');
    };
    const options = { ...currentUserQueryOptions(), queryFn: failing, retryDelay: 0 };
    // The router's beforeLoad: every attempt fails before the shell's code has loaded.
    await client.prefetchQuery(options);
    expect(calls).toBe(USER_LOAD_MAX_FAILURES + 1);
    // The session guard mounts: it sees the failure (and logs out) instead of three more calls.
    const observer = new QueryObserver(client, { ...options, enabled: true });
    const stop = observer.subscribe(() => undefined);
    await new Promise((r) => setTimeout(r, 20));
    const result = observer.getCurrentResult();
    stop();
    expect(result.status).toBe('error');
    expect(result.fetchStatus).toBe('idle');
    expect(calls).toBe(USER_LOAD_MAX_FAILURES + 1);
  });

  it('a dead session is not retried', async () => {
    const client = new QueryClient();
    let calls = 0;
    await client.prefetchQuery({
      ...currentUserQueryOptions(),
      retryDelay: 0,
      queryFn: async () => {
        calls += 1;
        throw new ApiError(401, 'UNAUTHENTICATED', 'expired');
      },
    });
    expect(calls).toBe(1);
  });
});
