/**
 * The toaster: top centre, close button and icon; shows what the engine's notify() publishes with
 * the spec's durations (3000 ms; danger 5000 ms).
 * @example <Notifications /> once in the app root
 */
import { useEffect } from 'react';
import { createToaster, Portal, Stack, Toast, Toaster } from '@chakra-ui/react';
import { onNotify, type NotificationType } from '../engine/notify.ts';

export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, max: 5 });

const TYPE: Record<NotificationType, 'info' | 'success' | 'warning' | 'error'> = { info: 'info', success: 'success', warning: 'warning', danger: 'error', rose: 'info', primary: 'info' };

export function Notifications() {
  useEffect(() => onNotify((n) => toaster.create({ description: n.message, type: TYPE[n.type], duration: n.durationMs, closable: true, meta: { kind: n.type } })), []);
  return (
    <Portal>
      <Toaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'md' }} data-kind={(toast.meta as { kind?: string } | undefined)?.kind} role="status">
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger aria-label="Cerrar notificación" />
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}
