/**
 * The events a webhook endpoint can subscribe to (DESIGN.md §9), with their Spanish labels: one
 * list for the API's schemas and the Integraciones screen.
 */
export const WEBHOOK_EVENT_TYPES = ['comprobante.authorized', 'comprobante.rejected', 'comprobante.received', 'certificate.expiring', 'payment.recorded', 'comprobante.annulled', 'comprobante.delayed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'comprobante.authorized': 'Comprobante autorizado por el SRI',
  'comprobante.rejected': 'Comprobante devuelto o no autorizado por el SRI',
  'comprobante.received': 'Comprobante recibido de un proveedor',
  'certificate.expiring': 'La firma electrónica expira en 30 días o menos',
  'payment.recorded': 'Pago registrado (cobro de una factura o pago a un proveedor)',
  'comprobante.annulled': 'Comprobante anulado en el SRI (la consulta del SRI responde ANULADO)',
  'comprobante.delayed': 'Comprobante sin autorizar por el SRI a las 20:00 de su día de emisión',
};
