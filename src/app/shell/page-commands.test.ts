import { describe, expect, it, vi } from 'vitest';
import { createPageCommandRegistry } from './page-commands';

describe('page command registry', () => {
  it('lists the commands of every mounted owner and drops them on unregister', () => {
    const registry = createPageCommandRegistry();
    const listener = vi.fn();
    registry.subscribe(listener);
    const a = Symbol('a');
    const b = Symbol('b');
    const offA = registry.register(a, [{ id: 'new', label: 'New', run: () => {} }]);
    registry.register(b, [{ id: 'export', label: 'Export', run: () => {} }]);
    expect(registry.getSnapshot().map((c) => c.id)).toEqual(['new', 'export']);
    registry.register(a, [{ id: 'save', label: 'Save', run: () => {} }]);
    expect(registry.getSnapshot().map((c) => c.id)).toEqual(['save', 'export']);
    offA();
    offA();
    expect(registry.getSnapshot().map((c) => c.id)).toEqual(['export']);
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
