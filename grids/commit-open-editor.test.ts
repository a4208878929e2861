// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { commitOpenEditor } from './commit-open-editor';

describe('commitOpenEditor', () => {
  it('resolves only after a timeout queued by stopEditing (AG Grid async cellEditRequest) has run', async () => {
    const order: string[] = [];
    const api = {
      stopEditing: vi.fn(() => {
        // AG Grid queues the cellEditRequest event on a timeout of its own.
        setTimeout(() => order.push('cellEditRequest'), 0);
      }),
    };
    await commitOpenEditor(api);
    order.push('resolved');
    expect(api.stopEditing).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['cellEditRequest', 'resolved']);
  });

  it('without a grid it still waits its turn and resolves', async () => {
    await expect(commitOpenEditor(null)).resolves.toBeUndefined();
  });
});
