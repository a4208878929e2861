// @vitest-environment jsdom
import { useState } from 'react';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { Button, Modal } from '@mantine/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, keysOnlyI18n } from '../../../../tests/support/dom-shims';
import { renderRouted } from '../../../../tests/support/render-routed';
import { tabsStore } from '../../shell/tabs-store';
import { useGridDialog } from './grid-dialog';

beforeAll(() => {
  installDomShims();
});
const i18n = keysOnlyI18n();
afterEach(() => {
  cleanup();
  tabsStore.clear();
});

/**
 * A dialog around a stand-in for an entry grid: a cell with an open editor (AG Grid marks the
 * Escape that cancels an edit handled: preventDefault), a cell without one, and a pick list opened
 * over the dialog (a Modal of its own, as the kit's list picker is).
 */
function GridDialogUnderTest({ dirty, onClose, onConfirm, picking = false }: { dirty: boolean; onClose: () => void; onConfirm: () => void; picking?: boolean }) {
  const dialog = useGridDialog({ dirty, onClose, onConfirm });
  const [pickerOpen, setPickerOpen] = useState(picking);
  return (
    <>
      <Modal opened {...dialog.modalProps} title="Auxiliary items" transitionProps={{ duration: 0 }}>
        <div className="ag-root-wrapper">
          <div className="ag-cell ag-cell-inline-editing">
            <input
              data-testid="editor"
              onKeyDown={(e) => {
                if (e.key === 'Escape') e.preventDefault();
              }}
            />
          </div>
          <div className="ag-cell" tabIndex={-1} data-testid="cell" />
        </div>
        <Button onClick={dialog.requestClose} data-testid="cancel">
          Cancel
        </Button>
        <Modal opened={pickerOpen} onClose={() => setPickerOpen(false)} title="Departments" transitionProps={{ duration: 0 }}>
          <input data-testid="query" />
        </Modal>
      </Modal>
      {dialog.question}
    </>
  );
}

/** Draws the dialog in a route at '/' (its tab), as the voucher editor's popup is drawn. */
async function renderDialog(props: Parameters<typeof GridDialogUnderTest>[0]) {
  tabsStore.visit({ path: '/', href: '/', pageKey: 'home', affix: false });
  await renderRouted(() => <GridDialogUnderTest {...props} />, i18n);
  await screen.findByText('Auxiliary items');
}
const tabUnsaved = () => tabsStore.dirtyTabs().some((t) => t.path === '/');

const esc = (el: Element) => fireEvent.keyDown(el, { key: 'Escape', code: 'Escape' });

describe('a dialog around an entry grid', () => {
  it('an Escape in an open cell editor cancels the edit only: the dialog stays', async () => {
    const onClose = vi.fn();
    await renderDialog({ dirty: false, onClose, onConfirm: vi.fn() });
    const editor = screen.getByTestId('editor');
    act(() => editor.focus());
    esc(editor);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('Auxiliary items')).toBeTruthy();
  });

  it('an Escape in a pick list opened over it closes the list alone', async () => {
    const onClose = vi.fn();
    await renderDialog({ dirty: false, onClose, onConfirm: vi.fn(), picking: true });
    const query = screen.getByTestId('query');
    act(() => query.focus());
    esc(query);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByTestId('query')).toBeNull();
  });

  it('an Escape with no cell being typed closes it at once when nothing changed', async () => {
    const onClose = vi.fn();
    await renderDialog({ dirty: false, onClose, onConfirm: vi.fn() });
    esc(screen.getByTestId('cell'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('with changes, Escape and Cancel ask first: No discards, Yes confirms, Cancel stays', async () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    await renderDialog({ dirty: true, onClose, onConfirm });
    esc(screen.getByTestId('cell'));
    expect(onClose).not.toHaveBeenCalled();
    await screen.findByTestId('unsaved-dialog');
    fireEvent.click(screen.getByTestId('unsaved-cancel'));
    await vi.waitFor(() => expect(screen.queryByTestId('unsaved-dialog')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('cancel'));
    fireEvent.click(await screen.findByTestId('unsaved-save'));
    await vi.waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(onClose).not.toHaveBeenCalled();

    esc(screen.getByTestId('cell'));
    fireEvent.click(await screen.findByTestId('unsaved-discard'));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('Ctrl+S confirms from anywhere in it, also from a cell being typed', async () => {
    const onConfirm = vi.fn();
    await renderDialog({ dirty: true, onClose: vi.fn(), onConfirm });
    expect(fireEvent.keyDown(screen.getByTestId('editor'), { key: 's', code: 'KeyS', ctrlKey: true })).toBe(false);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('marks its tab unsaved while it has changes (closing the tab asks), and takes the mark back when it goes', async () => {
    await renderDialog({ dirty: false, onClose: vi.fn(), onConfirm: vi.fn() });
    expect(tabUnsaved()).toBe(false);
    cleanup();
    await renderDialog({ dirty: true, onClose: vi.fn(), onConfirm: vi.fn() });
    expect(tabUnsaved()).toBe(true);
    cleanup();
    expect(tabUnsaved()).toBe(false);
  });
});
