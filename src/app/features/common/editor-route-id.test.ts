import { describe, expect, it } from 'vitest';
import { editorRouteId } from './editor-route-id';

describe('editorRouteId', () => {
  it('opens an empty editor for new or no id, a stored document for a positive whole number', () => {
    expect(editorRouteId(undefined)).toEqual({ kind: 'new' });
    expect(editorRouteId('new')).toEqual({ kind: 'new' });
    expect(editorRouteId('12')).toEqual({ kind: 'stored', id: 12 });
    expect(editorRouteId('2147483647')).toEqual({ kind: 'stored', id: 2147483647 });
  });
  it('names no document for anything else', () => {
    for (const bad of ['0', '-1', '012', '12abc', '1.5', 'abc', '', '2147483648', '99999999999']) expect(editorRouteId(bad), bad).toEqual({ kind: 'invalid' });
  });
});
