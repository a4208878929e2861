/**
 * The message under a cell editor whose text cannot be committed. Rendered into document.body
 * (AG Grid cells clip their content) and only while there is a message, so opening an editor —
 * the hot path of data entry — costs nothing extra.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';

export function EditorError({ anchor, message }: { anchor: RefObject<HTMLElement | null>; message: string | null }) {
  const [position, setPosition] = useState<{ left: number; top: number; width: number } | null>(null);
  useLayoutEffect(() => {
    const rect = message ? anchor.current?.getBoundingClientRect() : undefined;
    setPosition(rect ? { left: rect.left, top: rect.bottom + 4, width: rect.width } : null);
  }, [anchor, message]);
  if (!message || !position) return null;
  return createPortal(
    <div className="ld-editor-error" role="alert" style={{ left: position.left, top: position.top, minWidth: position.width }}>
      {message}
    </div>,
    document.body,
  );
}
