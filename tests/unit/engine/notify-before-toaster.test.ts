/** The toaster loads after the first screen (src/shell/App.tsx): what is published before it is shown when it comes. */
import { describe, expect, it } from 'vitest';
import { notify, onNotify, whenPublished, type Notification } from '../../../src/engine/notify.ts';

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

describe('whenPublished', () => {
  it('tells a watcher of each publication without taking the message, and at once when some wait', () => {
    let calls = 0;
    const stop = whenPublished(() => calls++);
    expect(calls).toBe(0);
    notify('info', 'first');
    expect(calls).toBe(1);
    stop();
    notify('info', 'second');
    expect(calls).toBe(1);
    // Both still wait for the toaster: the watcher took neither.
    let late = 0;
    whenPublished(() => late++)();
    expect(late).toBe(1);
    const seen: string[] = [];
    onNotify((n) => seen.push(n.message))();
    expect(seen).toEqual(['first', 'second']);
  });
});
