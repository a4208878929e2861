/**
 * The PDF viewer (spec 02 §9: width 800): a right-side drawer showing a stored PDF. The signed file
 * URL answers as a download (octet-stream, sandboxed), so the file is fetched as a blob, typed as
 * application/pdf and shown from a blob: URL in an <iframe> with the browser's own viewer; the URL
 * is revoked when the drawer closes. Download saves the file under its name; Close and Esc close.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Drawer, Group, Loader, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export const PDF_VIEWER_WIDTH = 800;

export interface PdfDocument {
  /** The signed file URL (realUri). */
  url: string;
  name: string;
}

export function PdfViewerDrawer({ file, onClose }: { file: PdfDocument | null; onClose: () => void }) {
  const { t } = useTranslation('common');
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!file) return;
    let url: string | null = null;
    let live = true;
    setBlobUrl(null);
    setFailed(false);
    fetch(file.url, { credentials: 'same-origin' })
      .then(async (r) => {
        if (!r.ok) throw new Error(String(r.status));
        const blob = new Blob([await r.arrayBuffer()], { type: 'application/pdf' });
        url = URL.createObjectURL(blob);
        if (live) setBlobUrl(url);
        else URL.revokeObjectURL(url);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);

  const download = () => {
    if (!blobUrl || !file) return;
    const a = document.createElement('a');
    a.href = blobUrl;
    a.download = file.name;
    a.click();
  };

  return (
    <Drawer
      opened={!!file}
      onClose={onClose}
      position="right"
      size={PDF_VIEWER_WIDTH}
      title={file?.name}
      // Esc closes the viewer only, not the popup it was opened from: Mantine's own Escape handling
      // listens on window in the capture phase, where the popup below hears it first, so that popup
      // turns its Escape off while the viewer is open (FormDialog `covered`).
      closeOnEscape={false}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        onClose();
      }}
      padding="sm"
      styles={{ body: { height: 'calc(100% - 60px)' } }}
    >
      <Stack h="100%" gap="sm" data-testid="pdf-viewer">
        <div style={{ flex: 1, minHeight: 0 }}>
          {failed && <Alert color="red">{t('pdf.loadFailed')}</Alert>}
          {!failed && !blobUrl && <Group justify="center" mt="xl"><Loader size="sm" /></Group>}
          {blobUrl && <iframe
            title={file?.name ?? 'PDF'}
            src={blobUrl}
            style={{ width: '100%', height: '100%', border: 0 }}
            // The browser's viewer takes the focus when it loads; keys inside it never reach this page,
            // so the focus goes back to Close and Esc keeps closing the drawer.
            onLoad={() => setTimeout(() => closeRef.current?.focus(), 50)}
            data-testid="pdf-viewer-frame"
          />}
        </div>
        <Group justify="flex-end">
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download} disabled={!blobUrl} data-testid="pdf-viewer-download">{t('pdf.download')}</Button>
          <Button ref={closeRef} onClick={onClose} data-autofocus data-testid="pdf-viewer-close">{t('close')}</Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
