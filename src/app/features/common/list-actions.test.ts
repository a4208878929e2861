import { describe, expect, it } from 'vitest';
import { actionEnabled, actionForKey, actionRefusal, actionsSignature, deleteSummary, resolveAction, rowActions, runDeletes, shortcutHint, toolbarActions, type ListAction } from './list-actions';

interface Row { id: number; name: string; main?: boolean }
const a: Row = { id: 1, name: 'A' };
const b: Row = { id: 2, name: 'B', main: true };
const noop = () => undefined;

describe('list actions', () => {
  it('fills in the standard defaults; explicit fields win', () => {
    expect(resolveAction<Row>({ key: 'new', run: noop })).toMatchObject({ labelKey: 'common:new', selection: 'none', tone: 'primary', placement: 'toolbar', allowed: true });
    expect(resolveAction<Row>({ key: 'edit', run: noop })).toMatchObject({ labelKey: 'common:edit', selection: 'one' });
    expect(resolveAction<Row>({ key: 'delete', run: noop })).toMatchObject({ selection: 'some', tone: 'danger' });
    expect(resolveAction<Row>({ key: 'edit', label: 'Rename', selection: 'some', run: noop })).toMatchObject({ labelKey: undefined, label: 'Rename', selection: 'some' });
    expect(resolveAction<Row>({ key: 'custom', run: noop })).toMatchObject({ labelKey: undefined, selection: 'none', tone: 'default' });
  });

  it('enables by the selection rule, the condition and a running mutation', () => {
    const one = resolveAction<Row>({ key: 'edit', run: noop });
    expect(actionEnabled(one, [])).toBe(false);
    expect(actionEnabled(one, [a])).toBe(true);
    expect(actionEnabled(one, [a, b])).toBe(false);
    const some = resolveAction<Row>({ key: 'delete', when: (rows) => !rows.some((r) => r.main), run: noop });
    expect(actionEnabled(some, [])).toBe(false);
    expect(actionEnabled(some, [a])).toBe(true);
    expect(actionEnabled(some, [a, b])).toBe(false);
    expect(actionEnabled(resolveAction<Row>({ key: 'new', run: noop }), [])).toBe(true);
    expect(actionEnabled(resolveAction<Row>({ key: 'new', loading: true, run: noop }), [])).toBe(false);
  });

  const actions: ListAction<Row>[] = [
    { key: 'new', run: noop },
    { key: 'edit', placement: 'both', run: noop },
    { key: 'periods', label: 'Periods', placement: 'row', run: noop },
    { key: 'main', label: 'Main', selection: 'one', placement: 'both', when: ([r]) => !r.main, run: noop },
    { key: 'delete', allowed: false, placement: 'both', run: noop },
  ];

  it('puts toolbar and row actions in declaration order, without the disallowed ones', () => {
    expect(toolbarActions(actions, [b]).map((s) => [s.action.key, s.enabled])).toEqual([
      ['new', true],
      ['edit', true],
      ['main', false],
    ]);
    expect(toolbarActions(actions, []).map((s) => s.enabled)).toEqual([true, false, false]);
    // A row icon acts on its own row, whatever is selected.
    expect(rowActions(actions, a).map((s) => [s.action.key, s.enabled])).toEqual([
      ['edit', true],
      ['periods', true],
      ['main', true],
    ]);
    expect(rowActions(actions, b).find((s) => s.action.key === 'main')?.enabled).toBe(false);
  });

  it('disables an action its refusal refuses, and gives the reason once the selection fits', () => {
    const refusal = (rows: Row[]) => (rows.some((r) => r.main) ? 'Not the main one' : null);
    const edit = resolveAction<Row>({ key: 'edit', placement: 'both', refusal, run: noop });
    expect(actionEnabled(edit, [a])).toBe(true);
    expect(actionEnabled(edit, [b])).toBe(false);
    expect(actionRefusal(edit, [b])).toBe('Not the main one');
    expect(actionRefusal(edit, [a])).toBeNull();
    expect(actionRefusal(edit, [a, b])).toBeNull(); // the selection rule disables it first, without a reason
    expect(toolbarActions([edit], [b])).toEqual([expect.objectContaining({ enabled: false, reason: 'Not the main one' })]);
    expect(rowActions([edit], a)).toEqual([expect.objectContaining({ enabled: true, reason: null })]);
    expect(rowActions([edit], b)).toEqual([expect.objectContaining({ enabled: false, reason: 'Not the main one' })]);
  });

  it('leaves the icon out of rows its rowIcon rejects (no greyed icon), on the toolbar nothing changes', () => {
    const remove: ListAction<Row> = { key: 'delete', placement: 'both', rowIcon: (r) => !r.main, refusal: (rows) => (rows.some((r) => r.main) ? 'Not the main one' : null), run: noop };
    expect(rowActions([remove], a).map((s) => [s.action.key, s.enabled])).toEqual([['delete', true]]);
    expect(rowActions([remove], b)).toEqual([]);
    expect(toolbarActions([remove], [b])).toEqual([expect.objectContaining({ enabled: false, reason: 'Not the main one' })]);
  });

  it('changes its signature when what the actions show changes', () => {
    const s = actionsSignature(actions);
    expect(actionsSignature(actions)).toBe(s);
    expect(actionsSignature(actions.map((x) => (x.key === 'delete' ? { ...x, allowed: true } : x)))).not.toBe(s);
    expect(actionsSignature(actions.map((x) => (x.key === 'main' ? { ...x, loading: true } : x)))).not.toBe(s);
  });
});

describe('delete run', () => {
  it('deletes one record at a time, in order, and reports each', async () => {
    const calls: number[] = [];
    const rows: Row[] = [a, b, { id: 3, name: 'C' }];
    const outcome = await runDeletes(
      rows,
      async (r) => {
        calls.push(r.id);
        if (r.id === 2) throw new Error('Already in use, cannot be deleted!');
      },
      (r) => r.id,
      (r) => r.name,
    );
    expect(calls).toEqual([1, 2, 3]);
    expect(outcome).toEqual({ deleted: [1, 3], failed: [{ id: 2, label: 'B', message: 'Already in use, cannot be deleted!' }] });
    expect(deleteSummary(outcome)).toEqual({ key: 'admin:list.deletePartial', values: { deleted: 2, total: 3, failures: 'B: Already in use, cannot be deleted!' } });
  });

  it('needs no summary for a single record or a complete success', async () => {
    const fail = async () => {
      throw new Error('x');
    };
    expect(deleteSummary(await runDeletes([a], fail, (r) => r.id))).toBeNull();
    expect(deleteSummary(await runDeletes([a, b], async () => null, (r) => r.id))).toBeNull();
    const named = await runDeletes([a], fail, (r) => r.id);
    expect(named.failed[0].label).toBe('1');
  });

  it("finds the toolbar action a key is the shortcut of, and shows the key on its button", () => {
    const key = (k: string, mods: { alt?: boolean; ctrl?: boolean; shift?: boolean } = {}) => ({ key: k, code: `Key${k.toUpperCase()}`, altKey: !!mods.alt, ctrlKey: !!mods.ctrl, shiftKey: !!mods.shift, metaKey: false });
    const list: ListAction<Row>[] = [
      { key: 'new', run: noop },
      { key: 'bind', label: 'Bind', selection: 'one', shortcut: 'alt+b', run: noop },
      { key: 'hidden', allowed: false, shortcut: 'alt+h', run: noop },
    ];
    expect(actionForKey(list, key('b', { alt: true }))?.key).toBe('bind');
    // macOS composes Alt+B into '∫': the physical key decides.
    expect(actionForKey(list, { ...key('b', { alt: true }), key: '∫' })?.key).toBe('bind');
    expect(actionForKey(list, key('b'))).toBeUndefined();
    expect(actionForKey(list, key('b', { alt: true, shift: true }))).toBeUndefined();
    expect(actionForKey(list, key('h', { alt: true }))).toBeUndefined();
    // New is Alt+N on every list (as in the voucher editor), unless the screen names its own key.
    expect(actionForKey(list, key('n', { alt: true }))?.key).toBe('new');
    expect(resolveAction(list[0]!).shortcut).toBe('alt+n');
    expect(actionForKey([{ key: 'new', shortcut: 'alt+i', run: noop }], key('n', { alt: true }))).toBeUndefined();
    expect(shortcutHint('alt+b')).toBe('Alt+B');
    expect(shortcutHint('ctrl+shift+delete')).toBe('Ctrl+Shift+Delete');
  });
});
