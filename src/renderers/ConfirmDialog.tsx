import type { ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';

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

/**
 * The dialog frame Emite's dialogs share: title, body, a footer with a dismiss button and one
 * action, and the ✕ ("Cerrar").
 * @example <DialogFrame open={open} title="Importar" action={{ label: 'Importar', colorPalette: 'blue', onClick: run }} onClose={close}>…</DialogFrame>
 */
export function DialogFrame(p: DialogFrameProps) {
  return (
    <Dialog.Root open={p.open} size={p.size} onOpenChange={(e) => !e.open && p.onClose()} role={p.role}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{p.title}</Dialog.Title>
            </Dialog.Header>
            {p.children && <Dialog.Body>{p.children}</Dialog.Body>}
            {p.footer !== false && (
              <Dialog.Footer>
                <Button variant="outline" onClick={p.onCancel ?? p.onClose}>
                  {p.cancelLabel ?? 'Cancelar'}
                </Button>
                {p.action && (
                  <Button colorPalette={p.action.colorPalette} loading={p.action.busy} disabled={p.action.disabled} onClick={p.action.onClick}>
                    {p.action.label}
                  </Button>
                )}
              </Dialog.Footer>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Cerrar" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * A confirmation before a destructive action (Esc or Cancelar closes it).
 * @example <ConfirmDialog open={open} title="¿Eliminar?" onConfirm={remove} onClose={() => setOpen(false)} />
 */
export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body?: string;
  /** The action button's label. Default 'Eliminar'. */
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog(p: ConfirmDialogProps) {
  return (
    <DialogFrame open={p.open} title={p.title} role="alertdialog" action={{ label: p.confirmLabel ?? 'Eliminar', colorPalette: 'red', busy: p.busy, onClick: p.onConfirm }} onClose={p.onClose}>
      {p.body}
    </DialogFrame>
  );
}
