/** The toaster loads after the first screen (src/shell/App.tsx): what is published before it is shown when it comes. */
import { describe, expect, it } from 'vitest';
import { notify, onNotify, type Notification } from '../../../src/engine/notify.ts';

describe('notify before the toaster is there', () => {
  it('keeps the last five messages for the first listener, oldest first, and then delivers live', () => {
    for (let i = 1; i <= 7; i++) notify('info', `m${i}`);
    const seen: Notification[] = [];
    const off = onNotify((n) => seen.push(n));
    expect(seen.map((n) => n.message)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
    notify('danger', 'live');
    expect(seen.at(-1)).toMatchObject({ message: 'live', durationMs: 5000 });
    off();
    // Delivered once: a later listener does not see them again.
    const later: string[] = [];
    onNotify((n) => later.push(n.message))();
    expect(later).toEqual([]);
  });
});
