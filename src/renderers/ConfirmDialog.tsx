/**
 * Emite's dialogs: DialogFrame (title, body, footer, ✕) and ConfirmDialog. Chakra's dialog code
 * (focus trap, presence, dismissable layer: ~10 kB br) loads the first time a dialog opens
 * (DialogFrameLoaded.tsx, issue 30), so a screen that only may open one (the list's delete) does
 * not fetch it before its first draw. Once opened, a dialog stays mounted, so it closes with its
 * animation as before.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';

export interface DialogFrameProps {
  open: boolean;
  title: ReactNode;
  /** The dialog's body; none renders no body. */
  children?: ReactNode;
  /** 'alertdialog' for a confirmation before a destructive action. Default 'dialog'. */
  role?: 'dialog' | 'alertdialog';
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  /** The footer's dismiss button. Default 'Cancelar'. */
  cancelLabel?: string;
  /** The footer's action button; none shows the dismiss button only. */
  action?: { label: string; colorPalette: string; busy?: boolean; disabled?: boolean; onClick: () => void };
  /** Esc, the backdrop and the ✕ close the dialog through this. */
  onClose: () => void;
  /** The dismiss button; default `onClose`. */
  onCancel?: () => void;
  /** false: no footer, when the body carries its own buttons (a schema form's submit). Default true. */
  footer?: boolean;
}

const Loaded = lazy(() => import('./DialogFrameLoaded.tsx').then((m) => ({ default: m.DialogFrameLoaded })));

/**
 * The dialog frame Emite's dialogs share: title, body, a footer with a dismiss button and one
 * action, and the ✕ ("Cerrar"). Draws nothing until first opened.
 * @example <DialogFrame open={open} title="Importar" action={{ label: 'Importar', colorPalette: 'blue', onClick: run }} onClose={close}>…</DialogFrame>
 */
export function DialogFrame(p: DialogFrameProps) {
  const [opened, setOpened] = useState(p.open);
  if (p.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Loaded {...p} />
    </Suspense>
  );
}

/**
 * A confirmation before a destructive action (Esc or Cancelar closes it).
 * @example <ConfirmDialog open={open} title="¿Eliminar?" onConfirm={remove} onClose={() => setOpen(false)} />
 */
export function ConfirmDialog(p: { open: boolean; title: string; body?: string; confirmLabel?: string; busy?: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <DialogFrame open={p.open} title={p.title} role="alertdialog" action={{ label: p.confirmLabel ?? 'Eliminar', colorPalette: 'red', busy: p.busy, onClick: p.onConfirm }} onClose={p.onClose}>
      {p.body}
    </DialogFrame>
  );
}
