/**
 * One retención a customer withheld on a factura and the company registered as received (DESIGN.md
 * §12): an item of a factura's `retencionesRecibidas`, built by server/domain/received/retenciones-recibidas.ts
 * and shown by src/renderers/received/RetencionesRecibidasCard.tsx.
 */
export interface RetencionRecibida {
  _id: string;
  claveAcceso: string;
  /** '001-001-000000001'. */
  numero: string;
  /** 'YYYY-MM-DD'. */
  fechaEmision: string;
  razonSocialEmisor: string;
  /** Its total withheld, USD. */
  valorRetenido: number;
}
