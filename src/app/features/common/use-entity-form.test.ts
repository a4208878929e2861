// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { employeeCreateBody } from '../../../contract/staff';

// The form's state without a router: a page's tab state is plain component state here. The unit
// lane shares one module cache across files (isolate: false), where a hoisted vi.mock is ignored
// once another file has loaded the real module; so the hook is loaded afresh after the mock.
let useEntityForm: typeof import('./use-entity-form').useEntityForm;
beforeAll(async () => {
  vi.doMock('../../shell/tab-state', () => ({ useTabState: <T,>(_slot: string | null, initial: () => T) => useState<T>(initial) }));
  vi.resetModules();
  ({ useEntityForm } = await import('./use-entity-form'));
});

const schema = z.object({ base: z.string().nullable() });
const useForm = () => useEntityForm({ schema, empty: () => ({ base: '' }), toInput: (v) => ({ base: v.base === '' ? null : v.base }) });

describe('a save answered while the user edits on', () => {
  it('takes the answer as values and baseline when nothing changed since it was sent', () => {
    const { result } = renderHook(useForm);
    act(() => result.current.set('base', 'https://a/'));
    const sent = result.current.values;
    act(() => result.current.saved(sent, { base: 'https://a/' }));
    expect(result.current.values).toEqual({ base: 'https://a/' });
    expect(result.current.dirty).toBe(false);
  });

  it('keeps an edit made while the save was on its way, unsaved (dirty) against the answer', () => {
    const { result } = renderHook(useForm);
    act(() => result.current.set('base', 'https://a/'));
    const sent = result.current.values;
    // The user clears the box before the answer arrives.
    act(() => result.current.set('base', ''));
    act(() => result.current.saved(sent, { base: 'https://a/' }));
    expect(result.current.values).toEqual({ base: '' });
    expect(result.current.dirty).toBe(true);
    // Saving again sends the cleared box.
    expect(result.current.validate()).toEqual({ base: null });
  });

  it('gives the fields not touched since the save what the server stored, and keeps the one edited meanwhile', () => {
    const two = z.object({ base: z.string().nullable(), name: z.string() });
    const { result } = renderHook(() => useEntityForm({ schema: two, empty: () => ({ base: '', name: '' }), toInput: (v) => ({ base: v.base === '' ? null : v.base, name: v.name }) }));
    act(() => result.current.set('name', '  张三 '));
    act(() => result.current.set('base', 'https://a/'));
    const sent = result.current.values;
    // The user edits the base before the answer arrives; the server stored the name trimmed.
    act(() => result.current.set('base', 'https://b/'));
    act(() => result.current.saved(sent, { base: 'https://a/', name: '张三' }));
    expect(result.current.values).toEqual({ base: 'https://b/', name: '张三' });
    expect(result.current.dirty).toBe(true);
    expect(result.current.validate()).toEqual({ base: 'https://b/', name: '张三' });
  });

  it('keeps a box cleared back to its old value while the save is on its way, when the reload lands first', async () => {
    const { result } = renderHook(useForm);
    // The page opened with an empty address (baseline '').
    act(() => result.current.set('base', 'https://a/'));
    let answer!: (v: { base: string }) => void;
    let saving!: Promise<boolean>;
    act(() => {
      saving = result.current.saveWith(() => new Promise((r) => (answer = r)));
    });
    // Cleared again (back to the old baseline) right after Enter ...
    act(() => result.current.set('base', ''));
    // ... then the config reload the save set off lands before the save's own answer.
    act(() => result.current.load({ base: 'https://a/' }));
    expect(result.current.values).toEqual({ base: '' });
    await act(async () => {
      answer({ base: 'https://a/' });
      expect(await saving).toBe(true);
    });
    expect(result.current.values).toEqual({ base: '' });
    expect(result.current.dirty).toBe(true);
    expect(result.current.validate()).toEqual({ base: null });
  });

  it('a refused save leaves the values and forgets what it sent', async () => {
    const { result } = renderHook(useForm);
    act(() => result.current.set('base', 'https://a/'));
    await act(async () => {
      await expect(result.current.saveWith(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    });
    // A reload now compares with the baseline again: the unsaved value stays an edit.
    act(() => result.current.load({ base: 'https://b/' }));
    expect(result.current.values).toEqual({ base: 'https://a/' });
    expect(result.current.dirty).toBe(true);
  });
});

describe('Enter while a save is on its way', () => {
  it('is nothing left to save while the values are the ones on their way', () => {
    const { result } = renderHook(useForm);
    act(() => result.current.set('base', 'https://a/'));
    expect(result.current.dirty).toBe(true);
    act(() => void result.current.saveWith(() => new Promise(() => undefined)));
    expect(result.current.saving).toBe(true);
    expect(result.current.dirty).toBe(false);
    act(() => result.current.set('base', ''));
    expect(result.current.dirty).toBe(true);
  });

  it('sends new edits after the save on its way has answered, so the server keeps the newer values', async () => {
    const { result } = renderHook(useForm);
    const calls: (string | null)[] = [];
    const answers: ((v: { base: string }) => void)[] = [];
    const send = (body: { base: string | null }) => {
      calls.push(body.base);
      return new Promise<{ base: string }>((r) => answers.push(r));
    };
    act(() => result.current.set('base', 'https://a/'));
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => void (first = result.current.saveWith(send)));
    // The user clears the box and presses Enter before the first save has answered.
    act(() => result.current.set('base', ''));
    act(() => void (second = result.current.saveWith(send)));
    expect(calls).toEqual(['https://a/']);
    await act(async () => {
      answers[0]!({ base: 'https://a/' });
      expect(await first).toBe(true);
    });
    expect(calls).toEqual(['https://a/', null]);
    await act(async () => {
      answers[1]!({ base: '' });
      expect(await second).toBe(true);
    });
    expect(result.current.values).toEqual({ base: '' });
    expect(result.current.dirty).toBe(false);
    expect(result.current.saving).toBe(false);
  });

  it('sends nothing more for the same values already on their way, and goes on after a refusal', async () => {
    const { result } = renderHook(useForm);
    let calls = 0;
    let refuse!: (e: Error) => void;
    act(() => result.current.set('base', 'https://a/'));
    let first!: Promise<boolean>;
    let again!: Promise<boolean>;
    act(() => void (first = result.current.saveWith(() => (calls++, new Promise((_, rej) => (refuse = rej))))));
    act(() => void (again = result.current.saveWith(() => (calls++, Promise.resolve({ base: 'x' })))));
    await act(async () => {
      refuse(new Error('refused'));
      await expect(first).rejects.toThrow('refused');
      await expect(again).rejects.toThrow('refused');
    });
    expect(calls).toBe(1);
    expect(result.current.dirty).toBe(true);
    // A later Enter sends again.
    await act(async () => {
      expect(await result.current.saveWith(() => (calls++, Promise.resolve({ base: 'https://a/' })))).toBe(true);
    });
    expect(calls).toBe(2);
    expect(result.current.dirty).toBe(false);
  });
});

describe('a default that arrives after the form was seeded', () => {
  const two = z.object({ code: z.string(), dept: z.string().nullable() });
  const useTwo = () => useEntityForm({ schema: two, empty: () => ({ code: '', dept: null as string | null }) });

  it('fills an untouched field, not as an edit, while the user types elsewhere', () => {
    const { result } = renderHook(useTwo);
    act(() => result.current.set('code', 'E1'));
    act(() => result.current.preset('dept', '7'));
    expect(result.current.values).toEqual({ code: 'E1', dept: '7' });
    // Only the code is an edit: clearing it leaves the form clean.
    act(() => result.current.set('code', ''));
    expect(result.current.dirty).toBe(false);
  });

  it('leaves a field the user already chose', () => {
    const { result } = renderHook(useTwo);
    act(() => result.current.set('dept', '3'));
    act(() => result.current.preset('dept', '7'));
    expect(result.current.values.dept).toBe('3');
    expect(result.current.dirty).toBe(true);
  });
});

describe("a field's own message (spec 02 §5: 'Please enter the correct content', 'Please select')", () => {
  const person = z.object({ name: z.string().max(18), departmentId: z.number(), code: z.string().max(5), remark: z.string().max(3) });
  const correct = { key: 'admin:validation.correctContent' };
  const select = { key: 'admin:validation.pleaseSelect' };
  const enter = { key: 'admin:validation.pleaseEnter' };
  const required = { key: 'admin:validation.required' };
  const usePerson = () => useEntityForm({
    schema: person,
    empty: () => ({ name: '', departmentId: null as string | null, code: '', remark: '' }),
    required: ['name', 'departmentId', 'code'],
    toInput: (v) => ({ ...v, departmentId: v.departmentId === null ? undefined : Number(v.departmentId) }),
    messages: { name: correct, departmentId: select, remark: { blank: enter } },
  });

  it('shows for an empty required field on save, where the field has one; the others keep the generic message', () => {
    const { result } = renderHook(usePerson);
    act(() => void result.current.validate());
    expect(result.current.errors).toEqual({ name: correct, departmentId: select, code: required });
  });

  it('shows for an empty required field on blur, and for blank text', () => {
    const { result } = renderHook(usePerson);
    act(() => result.current.set('name', '   '));
    act(() => void result.current.checkField('name'));
    act(() => void result.current.checkField('departmentId'));
    expect(result.current.errors.name).toEqual(correct);
    expect(result.current.errors.departmentId).toEqual(select);
  });

  it('shows for a wrong value too, unless it words only the empty one', () => {
    const { result } = renderHook(usePerson);
    act(() => result.current.set('name', 'x'.repeat(19)));
    act(() => result.current.set('remark', 'long'));
    act(() => void result.current.validate());
    expect(result.current.errors.name).toEqual(correct);
    expect(result.current.errors.remark).toEqual({ key: 'admin:validation.tooLong', values: { max: 3 } });
  });
});

describe('a form checking a date pair (contract/date-order.ts) field by field', () => {
  const employee = { companyId: 1, code: 'E1', name: '王小明', departmentId: 2 };
  type V = { entryDate: string | null; leaveDate: string | null };
  const useForm = () => useEntityForm({ schema: employeeCreateBody, empty: (): V & Record<string, unknown> => ({ entryDate: '2024-03-01', leaveDate: null }), toInput: (v) => ({ ...employee, ...v }) });

  it('shows the order on the later date, whichever date was edited, and clears it once mended', () => {
    const { result } = renderHook(useForm);
    act(() => result.current.set('leaveDate', '2024-02-29'));
    act(() => void result.current.checkField('leaveDate'));
    expect(result.current.errors.leaveDate).toEqual({ key: 'admin:validation.dateOrder', values: { after: 'entryDate' } });
    // Typing on in the leave date keeps checking it.
    act(() => result.current.set('leaveDate', '2024-03-05'));
    expect(result.current.errors.leaveDate).toBeNull();
    // Moving the entry date past the leave date puts the message on the leave date ...
    act(() => result.current.set('entryDate', '2024-04-01'));
    act(() => void result.current.checkField('entryDate'));
    expect(result.current.errors.entryDate).toBeNull();
    expect(result.current.errors.leaveDate).toEqual({ key: 'admin:validation.dateOrder', values: { after: 'entryDate' } });
    // ... and moving it back clears it there.
    act(() => result.current.set('entryDate', '2024-03-01'));
    act(() => void result.current.checkField('entryDate'));
    expect(result.current.errors.leaveDate).toBeNull();
  });

  it('a message shown by a save is cleared when the other date mends it', () => {
    const { result } = renderHook(useForm);
    act(() => result.current.set('leaveDate', '2024-02-29'));
    act(() => void result.current.validate());
    expect(result.current.errors.leaveDate?.key).toBe('admin:validation.dateOrder');
    act(() => result.current.set('entryDate', '2024-02-01'));
    act(() => void result.current.checkField('entryDate'));
    expect(result.current.errors.leaveDate).toBeNull();
    expect(result.current.validate()).toMatchObject({ entryDate: '2024-02-01', leaveDate: '2024-02-29' });
  });
});
