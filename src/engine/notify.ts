/**
 * Notification bus (no JSX): the engine and renderers publish, the shell's toaster shows.
 * Types and durations are the spec's (§9): info, warning, success 3000 ms; danger 5000 ms; rose and
 * primary as info.
 * @example notify('success', 'Producto guardado')
 */
export type NotificationType = 'info' | 'success' | 'warning' | 'danger' | 'rose' | 'primary';

export interface Notification {
  id: number;
  type: NotificationType;
  message: string;
  durationMs: number;
}

export const DURATION_MS: Record<NotificationType, number> = { info: 3000, success: 3000, warning: 3000, danger: 5000, rose: 3000, primary: 3000 };

type Listener = (n: Notification) => void;
const listeners = new Set<Listener>();
let nextId = 1;
/** What was published while nobody listened (the toaster loads after the first screen), at most 5. */
const waiting: Notification[] = [];

const watchers = new Set<() => void>();

export function notify(type: NotificationType, message: string): Notification {
  const n = { id: nextId++, type, message, durationMs: DURATION_MS[type] };
  if (listeners.size === 0 && waiting.push(n) > 5) waiting.shift();
  listeners.forEach((l) => l(n));
  [...watchers].forEach((w) => w());
  return n;
}

/**
 * Calls `watcher` after every publication without taking the message (the app mounts its toaster on
 * the first one, src/shell/App.tsx); answers how to stop. Called at once when messages already wait.
 */
export function whenPublished(watcher: () => void): () => void {
  watchers.add(watcher);
  if (waiting.length) watcher();
  return () => void watchers.delete(watcher);
}

/** Subscribes; the first listener also receives what was published before it came (oldest first). */
export function onNotify(listener: Listener): () => void {
  listeners.add(listener);
  for (const n of waiting.splice(0)) listener(n);
  return () => listeners.delete(listener);
}
