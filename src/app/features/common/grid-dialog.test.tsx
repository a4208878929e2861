// @vitest-environment jsdom
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Button, MantineProvider, Modal } from '@mantine/core';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDomShims, keysOnlyI18n } from '../../../../tests/support/dom-shims';
import { useGridDialog } from './grid-dialog';

beforeAll(() => {
  installDomShims();
});
const i18n = keysOnlyI18n();
afterEach(cleanup);

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

function renderDialog(props: Parameters<typeof GridDialogUnderTest>[0]) {
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider>
        <GridDialogUnderTest {...props} />
      </MantineProvider>
    </I18nextProvider>,
  );
}

const esc = (el: Element) => fireEvent.keyDown(el, { key: 'Escape', code: 'Escape' });

describe('a dialog around an entry grid', () => {
  it('an Escape in an open cell editor cancels the edit only: the dialog stays', () => {
    const onClose = vi.fn();
    renderDialog({ dirty: false, onClose, onConfirm: vi.fn() });
    const editor = screen.getByTestId('editor');
    act(() => editor.focus());
    esc(editor);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByText('Auxiliary items')).toBeTruthy();
  });

  it('an Escape in a pick list opened over it closes the list alone', () => {
    const onClose = vi.fn();
    renderDialog({ dirty: false, onClose, onConfirm: vi.fn(), picking: true });
    const query = screen.getByTestId('query');
    act(() => query.focus());
    esc(query);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByTestId('query')).toBeNull();
  });

  it('an Escape with no cell being typed closes it at once when nothing changed', () => {
    const onClose = vi.fn();
    renderDialog({ dirty: false, onClose, onConfirm: vi.fn() });
    esc(screen.getByTestId('cell'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('with changes, Escape and Cancel ask first: No discards, Yes confirms, Cancel stays', async () => {
    const onClose = vi.fn();
    const onConfirm = vi.fn();
    renderDialog({ dirty: true, onClose, onConfirm });
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

  it('Ctrl+S confirms from anywhere in it, also from a cell being typed', () => {
    const onConfirm = vi.fn();
    renderDialog({ dirty: true, onClose: vi.fn(), onConfirm });
    expect(fireEvent.keyDown(screen.getByTestId('editor'), { key: 's', code: 'KeyS', ctrlKey: true })).toBe(false);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
