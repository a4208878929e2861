// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchDialogFocus } from './dialog-focus';

const portal = () => {
  const p = document.createElement('div');
  p.setAttribute('data-portal', 'true');
  document.body.append(p);
  return p;
};
const dialog = (html: string) => {
  const d = document.createElement('div');
  d.setAttribute('role', 'dialog');
  d.setAttribute('aria-modal', 'true');
  d.innerHTML = html;
  return d;
};
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('a new dialog takes the focus at once', () => {
  let stop: () => void;
  let behind: HTMLInputElement;
  beforeEach(() => {
    behind = Object.assign(document.createElement('input'), { id: 'behind' });
    document.body.append(behind);
    behind.focus();
    stop = watchDialogFocus();
  });
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it('focuses the [data-autofocus] control of a dialog drawn into a portal added later', async () => {
    const p = portal();
    await Promise.resolve();
    p.append(dialog('<button id="x">x</button><textarea id="reason" data-autofocus></textarea>'));
    // A microtask, not a timer: before the next key.
    await Promise.resolve();
    expect(document.activeElement?.id).toBe('reason');
  });

  it('also in a portal that was there before it started', async () => {
    stop();
    const p = portal();
    stop = watchDialogFocus();
    p.append(dialog('<input id="q" data-autofocus>'));
    await Promise.resolve();
    expect(document.activeElement?.id).toBe('q');
  });

  it('leaves the focus where it is for what is not a dialog, or a dialog the focus is already in', async () => {
    const p = portal();
    await Promise.resolve();
    p.append(Object.assign(document.createElement('div'), { innerHTML: '<input id="menu" data-autofocus>' }));
    // A popover (role dialog, not modal) keeps Mantine's own timing.
    p.append(Object.assign(document.createElement('div'), { innerHTML: '<div role="dialog"><a id="flyout" href="/x" data-autofocus>x</a></div>' }));
    await settle();
    expect(document.activeElement?.id).toBe('behind');
    const d = dialog('<input id="first"><div id="step"></div>');
    p.append(d);
    (d.querySelector('#first') as HTMLInputElement).focus();
    d.querySelector('#step')!.innerHTML = '<input id="later" data-autofocus>';
    await settle();
    expect(document.activeElement?.id).toBe('first');
  });

  it('focuses a dialog with nothing marked itself, so an Escape typed at once reaches it, and hands on to a control marked later', async () => {
    const p = portal();
    await Promise.resolve();
    const d = dialog('<button id="close">x</button><div id="body"></div>');
    d.tabIndex = -1;
    p.append(d);
    await Promise.resolve();
    // The dialog, not its first button: an Enter typed ahead presses nothing.
    expect(document.activeElement).toBe(d);
    d.querySelector('#body')!.innerHTML = '<input id="late" data-autofocus>';
    await Promise.resolve();
    expect(document.activeElement?.id).toBe('late');
    // A dialog that cannot take the focus (no tabindex) is left to Mantine.
    behind.focus();
    p.append(dialog('<button>y</button>'));
    await settle();
    expect(document.activeElement?.id).toBe('behind');
  });

  it('never watches the page itself', async () => {
    const page = document.createElement('div');
    document.body.append(page);
    await Promise.resolve();
    page.append(dialog('<input id="inpage" data-autofocus>'));
    await settle();
    expect(document.activeElement?.id).toBe('behind');
  });

  it('while the key that opened it is down, waits for its release (an Enter must not confirm at once)', async () => {
    const p = portal();
    await Promise.resolve();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter' }));
    p.append(dialog('<button id="ok" data-autofocus>ok</button>'));
    await settle();
    expect(document.activeElement?.id).toBe('behind');
    window.dispatchEvent(new KeyboardEvent('keyup', { key: 'Enter', code: 'Enter' }));
    expect(document.activeElement?.id).toBe('ok');
  });

  it('or for the next key to go down, whichever comes first; modifiers held do not count', async () => {
    const p = portal();
    await Promise.resolve();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift', code: 'ShiftLeft' }));
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', code: 'F8', shiftKey: true }));
    p.append(dialog('<textarea id="reason" data-autofocus></textarea>'));
    await settle();
    expect(document.activeElement?.id).toBe('behind');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'A', code: 'KeyA', shiftKey: true }));
    expect(document.activeElement?.id).toBe('reason');
    // Shift still down: nothing else waits.
    window.dispatchEvent(new KeyboardEvent('keyup', { key: 'A', code: 'KeyA' }));
    window.dispatchEvent(new KeyboardEvent('keyup', { key: 'F8', code: 'F8' }));
    expect(document.activeElement?.id).toBe('reason');
  });

  it('or for the window to lose the focus (the release of the key happens elsewhere)', async () => {
    const p = portal();
    await Promise.resolve();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter' }));
    p.append(dialog('<button id="ok" data-autofocus>ok</button>'));
    await settle();
    expect(document.activeElement?.id).toBe('behind');
    window.dispatchEvent(new Event('blur'));
    expect(document.activeElement?.id).toBe('ok');
    // The key counted as released: the next dialog takes the focus at once.
    p.append(dialog('<input id="next" data-autofocus>'));
    await Promise.resolve();
    expect(document.activeElement?.id).toBe('next');
  });

  // Mantine's trap focuses the marked control again in its own timers, after queued input.
  it('does not pull the caret back from the field the user moved on to; the app may still focus it', async () => {
    const p = portal();
    await Promise.resolve();
    p.append(dialog('<input id="name" data-autofocus><input id="label">'));
    await Promise.resolve();
    expect(document.activeElement?.id).toBe('name');
    // Tab: the user is in the second field when the trap's timer fires.
    (document.getElementById('label') as HTMLInputElement).focus();
    (document.getElementById('name') as HTMLInputElement).focus({ preventScroll: true });
    expect(document.activeElement?.id).toBe('label');
    // The app's own focus() (Save and new back to the first field) goes through.
    (document.getElementById('name') as HTMLInputElement).focus();
    expect(document.activeElement?.id).toBe('name');
  });

  it('nor into a dialog already answered: the focus was in it and went on to the page (Alt+N, "No", the first cell)', async () => {
    const p = portal();
    await Promise.resolve();
    p.append(dialog('<button id="no" data-autofocus>No</button>'));
    await Promise.resolve();
    expect(document.activeElement?.id).toBe('no');
    // Answered: the page puts its caret back while the dialog is still closing, then the trap's late timer fires.
    behind.focus();
    (document.getElementById('no') as HTMLButtonElement).focus({ preventScroll: true });
    expect(document.activeElement).toBe(behind);
  });
});

describe('the focus comes back when a dialog goes', () => {
  let stop: () => void;
  let opener: HTMLButtonElement;
  let other: HTMLInputElement;
  beforeEach(() => {
    opener = Object.assign(document.createElement('button'), { id: 'opener' });
    other = Object.assign(document.createElement('input'), { id: 'other' });
    document.body.append(opener, other);
    opener.focus();
    stop = watchDialogFocus();
  });
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });
  /**
   * After the observer's microtask and the timer it sets. The microtasks first, so that this timer is
   * set after the watcher's: set before it (the observer not run yet), a busy machine could run this
   * one first and the test went on while the watcher's timer was still to come (two CI flakes).
   */
  const later = async () => {
    await Promise.resolve();
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 5));
  };
  const shared = () => {
    const p = portal();
    p.setAttribute('data-mantine-shared-portal-node', 'true');
    return p;
  };
  /** A modal root as Mantine draws it: overlay and the dialog inside one node of the portal. */
  const modalRoot = (html: string) => {
    const root = document.createElement('div');
    root.append(document.createElement('div'), dialog(html));
    return root;
  };
  /** Draws a modal into the portal and lets the watcher see it. */
  const open = async (p: HTMLElement, html: string) => {
    const root = modalRoot(html);
    p.append(root);
    await Promise.resolve();
    return root;
  };

  it('to the element that had it, when a dialog mounted only while open is unmounted (Mantine returns it only on `opened` false)', async () => {
    const p = shared();
    await Promise.resolve();
    const root = await open(p, '<input id="in-dialog" data-autofocus>');
    expect(document.activeElement?.id).toBe('in-dialog');
    root.remove();
    await Promise.resolve();
    expect(document.activeElement).toBe(document.body);
    await later();
    expect(document.activeElement).toBe(opener);
  });

  it('also when the dialog focused its own field before it was seen (autoFocus), and with a portal of its own', async () => {
    await Promise.resolve();
    const p = portal();
    const root = modalRoot('<input id="auto">');
    p.append(root);
    (root.querySelector('#auto') as HTMLInputElement).focus();
    await Promise.resolve();
    expect(document.activeElement?.id).toBe('auto');
    p.remove();
    await later();
    expect(document.activeElement).toBe(opener);
  });

  it('to the next control that can take it when what the dialog did disabled the opener (focus() on it did nothing)', async () => {
    const p = shared();
    await Promise.resolve();
    const root = await open(p, '<input data-autofocus>');
    opener.disabled = true;
    root.remove();
    await later();
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    await later();
    expect(document.activeElement).toBe(other);
  });

  it('leaves the focus where the caller put it on purpose, or lost when the opener is gone too', async () => {
    const p = shared();
    await Promise.resolve();
    let root = await open(p, '<input data-autofocus>');
    root.remove();
    other.focus();
    await later();
    expect(document.activeElement).toBe(other);

    root = await open(p, '<input data-autofocus>');
    other.remove();
    root.remove();
    await later();
    expect(document.activeElement).toBe(document.body);
  });

  it('to the element drawn anew in the opener\'s place by what the dialog chose: the same data-testid (a picker\'s search icon), or the same focus slot (a button replaced by a pill: its remove button)', async () => {
    const p = shared();
    await Promise.resolve();
    // The search icon, drawn again inside the clear button's section once a value is chosen.
    opener.setAttribute('data-testid', 'submitter-open');
    let root = await open(p, '<input data-autofocus>');
    const icon = Object.assign(document.createElement('button'), { id: 'icon-again' });
    icon.setAttribute('data-testid', 'submitter-open');
    opener.replaceWith(icon);
    root.remove();
    await later();
    expect(document.activeElement).toBe(icon);

    // "Project…" replaced by the chosen project's pill: the pill's remove button takes it.
    const pick = Object.assign(document.createElement('button'), { id: 'pick' });
    pick.setAttribute('data-testid', 'aux-pick-5');
    pick.setAttribute('data-focus-slot', 'aux-5');
    document.body.append(pick);
    pick.focus();
    root = await open(p, '<input data-autofocus>');
    const pill = document.createElement('div');
    pill.setAttribute('data-testid', 'aux-5');
    pill.setAttribute('data-focus-slot', 'aux-5');
    pill.innerHTML = '<span>P1 Matter</span><button id="remove" tabindex="0">x</button>';
    pick.replaceWith(pill);
    root.remove();
    await later();
    expect(document.activeElement?.id).toBe('remove');
  });

  it('but not to a name several elements share (a row icon of a list), nor past the caller\'s own choice', async () => {
    const p = shared();
    await Promise.resolve();
    opener.setAttribute('data-testid', 'row-open');
    let root = await open(p, '<input data-autofocus>');
    const rows = ['a', 'b'].map((id) => Object.assign(document.createElement('button'), { id }));
    for (const r of rows) r.setAttribute('data-testid', 'row-open');
    opener.replaceWith(...rows);
    root.remove();
    await later();
    expect(document.activeElement).toBe(document.body);

    rows[0].focus();
    root = await open(p, '<input data-autofocus>');
    rows[1].remove();
    const again = Object.assign(document.createElement('button'), { id: 'again' });
    again.setAttribute('data-testid', 'row-open');
    rows[0].replaceWith(again);
    root.remove();
    other.focus();
    await later();
    expect(document.activeElement).toBe(other);
  });

  it('never to an earlier dialog’s opener: a dialog seen only after the focus was lost has no opener of its own', async () => {
    const p = shared();
    await Promise.resolve();
    const first = await open(p, '<input data-autofocus>');
    first.remove();
    other.focus();
    await later();
    expect(document.activeElement).toBe(other);
    // Drawn and gone in one batch of the observer, the focus lost (its holder removed) meanwhile:
    // the element that gave the focus to the first dialog is no record of what this one found.
    const second = modalRoot('<input data-autofocus>');
    p.append(second);
    other.remove();
    second.remove();
    await later();
    expect(document.activeElement).toBe(document.body);
  });

  it('from a dialog opened inside another, back into the first one', async () => {
    const p = shared();
    await Promise.resolve();
    await open(p, '<input id="first-field" data-autofocus>');
    expect(document.activeElement?.id).toBe('first-field');
    const second = await open(p, '<button id="confirm" data-autofocus>ok</button>');
    expect(document.activeElement?.id).toBe('confirm');
    second.remove();
    await later();
    expect(document.activeElement?.id).toBe('first-field');
  });

  it('from a dialog that replaced the one it was opened from (New in a view): to what the first one would have gone back to', async () => {
    const p = shared();
    await Promise.resolve();
    const first = await open(p, '<button id="new-in-view" data-autofocus>new</button>');
    expect(document.activeElement?.id).toBe('new-in-view');
    const second = await open(p, '<input id="new-field" data-autofocus>');
    expect(document.activeElement?.id).toBe('new-field');
    first.remove();
    await later();
    expect(document.activeElement?.id).toBe('new-field');
    second.remove();
    await later();
    expect(document.activeElement).toBe(opener);
  });

  it('does nothing for what is not a modal dialog (a menu, a popover)', async () => {
    const p = shared();
    await Promise.resolve();
    const menu = Object.assign(document.createElement('div'), { innerHTML: '<div role="menu"><button id="item">x</button></div>' });
    p.append(menu);
    (menu.querySelector('#item') as HTMLButtonElement).focus();
    menu.remove();
    await later();
    expect(document.activeElement).toBe(document.body);
  });
});
