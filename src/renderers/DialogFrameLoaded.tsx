import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { DialogFrameProps } from './ConfirmDialog.tsx';

/**
 * The dialog frame Emite's dialogs share: title, body, a footer with a dismiss button and one
 * action, and the ✕ ("Cerrar"). Chakra's dialog (focus trap, presence, portal) lives here, loaded
 * the first time a dialog opens: use DialogFrame from ConfirmDialog.tsx, not this.
 */
export function DialogFrameLoaded(p: DialogFrameProps) {
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
