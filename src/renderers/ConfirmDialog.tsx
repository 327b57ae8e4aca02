import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';

/**
 * A confirmation before a destructive action (Esc or Cancelar closes it).
 * @example <ConfirmDialog open={open} title="¿Eliminar?" onConfirm={remove} onClose={() => setOpen(false)} />
 */
export function ConfirmDialog(p: { open: boolean; title: string; body?: string; confirmLabel?: string; busy?: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog.Root open={p.open} onOpenChange={(e) => !e.open && p.onClose()} role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{p.title}</Dialog.Title>
            </Dialog.Header>
            {p.body && <Dialog.Body>{p.body}</Dialog.Body>}
            <Dialog.Footer>
              <Button variant="outline" onClick={p.onClose}>
                Cancelar
              </Button>
              <Button colorPalette="red" loading={p.busy} onClick={p.onConfirm}>
                {p.confirmLabel ?? 'Eliminar'}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Cerrar" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
