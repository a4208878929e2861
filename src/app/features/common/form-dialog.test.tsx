// @vitest-environment jsdom
import { useState } from 'react';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Select, TextInput } from '@mantine/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, keysOnlyI18n } from '../../../../tests/support/dom-shims';
import { renderRouted } from '../../../../tests/support/render-routed';
import { enterBelongsToField, FormDialog, highlightedOption, type DialogForm } from './form-dialog';

describe('the Enter rule of a form dialog', () => {
  const field = (attrs: Record<string, string> = {}, value = '') => {
    const input = document.createElement('input');
    for (const [k, v] of Object.entries(attrs)) input.setAttribute(k, v);
    input.value = value;
    return input;
  };
  it('an Enter in a plain field saves; one on an open list with text typed, or one a field handled, does not', () => {
    expect(enterBelongsToField({ defaultPrevented: false, target: field({}, 'E2E') })).toBe(false);
    expect(enterBelongsToField({ defaultPrevented: false, target: field({ 'aria-expanded': 'false' }, '1002 Cash in bank') })).toBe(false);
    expect(enterBelongsToField({ defaultPrevented: false, target: field({ 'aria-expanded': 'true' }, '1002') })).toBe(true);
    expect(enterBelongsToField({ defaultPrevented: true, target: field() })).toBe(true);
    expect(enterBelongsToField({ defaultPrevented: false, target: null })).toBe(false);
    // A multi-select keeps its list open after a pick, its search emptied: Enter saves.
    expect(enterBelongsToField({ defaultPrevented: false, target: field({ 'aria-expanded': 'true' }, '') })).toBe(false);
  });
  it('the option Enter takes: the one the open list shows highlighted, none while the list is closed', () => {
    document.body.innerHTML = '<div id="list"><div data-combobox-option id="a">1001</div><div data-combobox-option data-combobox-selected id="b">1002</div></div>';
    expect(highlightedOption(field({ 'aria-expanded': 'true', 'aria-controls': 'list' }))?.id).toBe('b');
    expect(highlightedOption(field({ 'aria-expanded': 'false', 'aria-controls': 'list' }))).toBeNull();
    expect(highlightedOption(field())).toBeNull();
    document.getElementById('b')!.removeAttribute('data-combobox-selected');
    expect(highlightedOption(field({ 'aria-expanded': 'true', 'aria-controls': 'list' }))).toBeNull();
    document.body.innerHTML = '';
  });
});

// jsdom lays nothing out and lacks what Mantine's popups ask of the browser.
beforeAll(() => {
  installDomShims();
});
// The dialog's own words (Save, Cancel) as their keys: an instance of its own, not the app's.
const i18n = keysOnlyI18n();
afterEach(cleanup);

type Values = { subject: string | null; name: string };

/** A dialog with a searchable select of subjects and a text field, as the bank account form has. */
function Dialog({ onSave }: { onSave: (body: Values) => Promise<unknown> }) {
  const [values, setValues] = useState<Values>({ subject: null, name: '' });
  const form: DialogForm<Values, Values> = {
    values,
    dirty: false,
    serverError: undefined,
    fail: () => {},
    empty: () => ({ subject: null, name: '' }),
    reset: setValues,
    validate: () => values,
  };
  return (
    <FormDialog opened onClose={() => {}} title="New account" form={form} onSave={onSave} testId="dialog">
      <TextInput label="Name" value={values.name} onChange={(e) => setValues({ ...values, name: e.currentTarget.value })} data-testid="name" />
      <Select label="Subject" searchable data={[{ value: '1', label: '1001 Cash' }, { value: '2', label: '1002 Cash in bank' }]} value={values.subject} onChange={(v) => setValues({ ...values, subject: v })} data-testid="subject" />
    </FormDialog>
  );
}

async function renderDialog(onSave: (body: Values) => Promise<unknown>) {
  await renderRouted(() => <Dialog onSave={onSave} />, i18n);
  return { subject: (await screen.findByTestId('subject')) as HTMLInputElement, name: screen.getByTestId('name') as HTMLInputElement };
}

const enter = (el: Element) => fireEvent.keyDown(el, { key: 'Enter', code: 'Enter' });

describe('a form dialog with a searchable select', () => {
  it('Enter after typing takes the only match and does not save; Enter once the list is closed saves', async () => {
    const onSave = vi.fn(async () => undefined);
    const { subject } = await renderDialog(onSave);
    act(() => subject.focus());
    fireEvent.change(subject, { target: { value: '1002' } });
    await vi.waitFor(() => expect([...document.querySelectorAll('[data-combobox-option]')].map((o) => o.textContent)).toEqual(['1002 Cash in bank']));
    expect(subject.getAttribute('aria-expanded')).toBe('true');
    // Not a save: the keydown's default (the browser's implicit submission) is prevented.
    expect(enter(subject)).toBe(false);
    await vi.waitFor(() => expect(subject.value).toBe('1002 Cash in bank'));
    expect(onSave).not.toHaveBeenCalled();
    expect(subject.getAttribute('aria-expanded')).toBe('false');
    // The list closed: Enter is the form's again (the browser submits it).
    expect(enter(subject)).toBe(true);
  });

  it('Enter takes the highlighted match also when typed at once after the focus (before the list settled)', async () => {
    const onSave = vi.fn(async () => undefined);
    const { subject } = await renderDialog(onSave);
    // Focus and type in one go: the list that opens on focus settles a moment later.
    act(() => {
      subject.focus();
      fireEvent.change(subject, { target: { value: '1002' } });
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(document.querySelector('[data-combobox-selected]')?.textContent).toBe('1002 Cash in bank');
    expect(enter(subject)).toBe(false);
    await vi.waitFor(() => expect(subject.value).toBe('1002 Cash in bank'));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('Enter on an open list with no match does not save either; Enter in a text field does', async () => {
    const onSave = vi.fn(async () => undefined);
    const { subject, name } = await renderDialog(onSave);
    act(() => subject.focus());
    fireEvent.change(subject, { target: { value: 'zzz' } });
    await vi.waitFor(() => expect(subject.getAttribute('aria-expanded')).toBe('true'));
    expect(enter(subject)).toBe(false);
    expect(enter(name)).toBe(true);
  });
});

describe('Ctrl+S in a form dialog', () => {
  it('saves as in the editors, from any field, and the browser does not save the page', async () => {
    const onSave = vi.fn(async () => undefined);
    const { name } = await renderDialog(onSave);
    fireEvent.change(name, { target: { value: 'Petty cash' } });
    const notPrevented = fireEvent.keyDown(name, { key: 's', code: 'KeyS', ctrlKey: true });
    expect(notPrevented).toBe(false);
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledWith({ subject: null, name: 'Petty cash' }, 'close'));
  });
});

describe('a form dialog on its way out', () => {
  /** A dialog whose field checks itself on blur (as useEntityForm's fields do), closed from the page. */
  function Closing({ onBlur }: { onBlur: () => void }) {
    const [opened, setOpened] = useState(true);
    const form: DialogForm<Values, Values> = {
      values: { subject: null, name: '' },
      dirty: false,
      serverError: undefined,
      fail: () => {},
      empty: () => ({ subject: null, name: '' }),
      reset: () => {},
      validate: () => ({ subject: null, name: '' }),
    };
    return (
      <>
        <button type="button" onClick={() => setOpened(false)} data-testid="close-from-page" />
        <FormDialog opened={opened} onClose={() => setOpened(false)} title="New year" form={form} onSave={async () => undefined} testId="dialog">
          <TextInput label="Year" onBlur={onBlur} data-testid="year" />
        </FormDialog>
      </>
    );
  }
  it('checks a field the focus leaves while open, not one it leaves as the dialog closes', async () => {
    const onBlur = vi.fn();
    await renderRouted(() => <Closing onBlur={onBlur} />, i18n);
    const year = await screen.findByTestId('year');
    fireEvent.blur(year);
    expect(onBlur).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('close-from-page'));
    // Still drawn while it fades out: the focus going back to the opener blurs the field.
    expect(screen.getByTestId('year')).toBe(year);
    fireEvent.blur(year);
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});

describe('a save the server refuses', () => {
  /** A dialog whose save is refused with a message for its name field (a name taken). */
  function Refused() {
    const [error, setError] = useState<string | undefined>(undefined);
    const form: DialogForm<Values, Values> = {
      values: { subject: null, name: 'Taken' },
      dirty: false,
      serverError: undefined,
      fail: () => setError('The name is taken'),
      empty: () => ({ subject: null, name: '' }),
      reset: () => {},
      validate: () => ({ subject: null, name: 'Taken' }),
    };
    return (
      <FormDialog opened onClose={() => {}} title="New kind" form={form} onSave={() => Promise.reject(new Error('taken'))} testId="dialog">
        <TextInput label="Code" data-testid="code" />
        <TextInput label="Name" error={error} data-testid="name" />
      </FormDialog>
    );
  }
  it('puts the caret on the field its message is under', async () => {
    await renderRouted(Refused, i18n);
    const code = await screen.findByTestId('code');
    act(() => code.focus());
    fireEvent.submit(screen.getByTestId('dialog'));
    const name = screen.getByTestId('name');
    await vi.waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    await vi.waitFor(() => expect(document.activeElement).toBe(name));
  });
});

describe('a save its own checks refuse', () => {
  /** Code and name both required: an empty form's Enter says so under both, the caret on the first. */
  function Empty() {
    const [values, setValues] = useState({ code: '', name: '' });
    const [checked, setChecked] = useState(false);
    const error = (v: string) => (checked && !v ? 'Required' : undefined);
    const form: DialogForm<typeof values, typeof values> = {
      values,
      dirty: false,
      serverError: undefined,
      fail: () => {},
      empty: () => ({ code: '', name: '' }),
      reset: () => {},
      validate: () => {
        setChecked(true);
        return values.code && values.name ? values : null;
      },
    };
    return (
      <FormDialog opened onClose={() => {}} title="New vendor" form={form} onSave={async () => undefined} testId="dialog">
        <TextInput label="Code" data-autofocus value={values.code} error={error(values.code)} onChange={(e) => { const code = e.currentTarget.value; setValues((v) => ({ ...v, code })); }} data-testid="code" />
        <TextInput label="Name" value={values.name} error={error(values.name)} onChange={(e) => { const name = e.currentTarget.value; setValues((v) => ({ ...v, name })); }} data-testid="name" />
      </FormDialog>
    );
  }
  it('keys typed before its deferred focus keep the caret where they are typed (a late frame moved it to the next invalid field)', async () => {
    await renderRouted(Empty, i18n);
    const code = await screen.findByTestId('code');
    act(() => code.focus());
    // The frame that puts the caret on the first invalid field comes only when this test lets it.
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    try {
      fireEvent.submit(screen.getByTestId('dialog'));
      await vi.waitFor(() => expect(screen.getByTestId('name').getAttribute('aria-invalid')).toBe('true'));
      // The user types the code at once: the code is valid now, the name still not.
      fireEvent.keyDown(code, { key: 'E' });
      fireEvent.change(code, { target: { value: 'E' } });
      await vi.waitFor(() => expect(code.getAttribute('aria-invalid')).not.toBe('true'));
      act(() => frames.splice(0).forEach((f) => f(0)));
      expect(document.activeElement).toBe(code);
    } finally {
      raf.mockRestore();
    }
  });
});
