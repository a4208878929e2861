// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { watchBusyFocus } from './busy-focus';

const tick = () => new Promise((r) => setTimeout(r, 0));

/**
 * A browser drops the focus of a button that is disabled to <body>; jsdom keeps it there (nor does
 * it blur a disabled element), so `drop` blurs it the way it can: enabled for the moment of the blur.
 */
function drop(el: HTMLElement) {
  el.removeAttribute('disabled');
  el.blur();
  el.setAttribute('disabled', '');
}

describe('a button that goes busy keeps the keyboard', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it('gets the focus back when it is enabled again, the focus having fallen to nothing', async () => {
    document.body.innerHTML = '<button id="export">Export</button><input id="q">';
    stop = watchBusyFocus();
    const button = document.getElementById('export')!;
    button.focus();
    button.setAttribute('disabled', '');
    button.setAttribute('data-loading', 'true');
    drop(button);
    await tick();
    expect(document.activeElement).toBe(document.body);
    button.removeAttribute('data-loading');
    await tick();
    expect(document.activeElement).toBe(document.body);
    button.removeAttribute('disabled');
    await tick();
    expect(document.activeElement).toBe(button);
  });

  it('leaves the focus where the user put it meanwhile, and a button that was not focused alone', async () => {
    document.body.innerHTML = '<button id="export">Export</button><input id="q"><button id="other">Other</button>';
    stop = watchBusyFocus();
    const button = document.getElementById('export')!;
    button.focus();
    button.setAttribute('disabled', '');
    drop(button);
    await tick();
    document.getElementById('q')!.focus();
    button.removeAttribute('disabled');
    await tick();
    expect(document.activeElement?.id).toBe('q');

    const other = document.getElementById('other')!;
    (document.activeElement as HTMLElement).blur();
    other.setAttribute('disabled', '');
    await tick();
    other.removeAttribute('disabled');
    await tick();
    expect(document.activeElement).toBe(document.body);
  });

  it("leaves a dialog's busy button alone: the dialog closes and the page places the focus", async () => {
    document.body.innerHTML = '<div role="dialog"><button id="ok">OK</button></div>';
    stop = watchBusyFocus();
    const ok = document.getElementById('ok')!;
    ok.focus();
    ok.setAttribute('disabled', '');
    drop(ok);
    await tick();
    ok.removeAttribute('disabled');
    await tick();
    expect(document.activeElement).toBe(document.body);
  });
});

