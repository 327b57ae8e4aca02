/**
 * The liquidación de compra editor's draft model and its pure helpers (no JSX), on the factura's
 * pieces (comprobante/sale-model.ts: LineDraft, pagos, infoAdicional, numbers). What differs from the
 * factura: the counterpart is a `supplier` record, and a line counts when it has a product OR a
 * description: a purchase from a person without RUC is often of something not in the catalog
 * (the text typed in the product cell is then its code). Totals by core/totals, as on the server.
 */
import { fieldError, infoAdicionalBody, newLine, numberOrUndefined, pagosBody, pagosFromView, totalsOfValidLines, type InvoiceDraft, type LineDraft, type liveTotals } from '../../comprobante/sale-model.ts';

export { fieldError };

/** The editor's draft: the factura's with `supplier` (a supplier record's `_id`) for `customer`. */
export type SettlementDraft = Omit<InvoiceDraft, 'customer'> & { supplier?: string };

export const NEEDS_DESCRIPTION = 'Escriba la descripción o elija un producto, o quite la línea';

const isBlank = (l: LineDraft) => !l.product && l.productText.trim() === '' && l.descripcion.trim() === '' && l.precioUnitario === '';

/**
 * Which lines make up the liquidación: those with a product or a description; an untouched line
 * is ignored; any other line is an error shown on it (it would not be saved).
 * @example checkSettlementLines([{ ...newLine(), descripcion: 'Jornal', precioUnitario: '20' }]).counted.length // 1
 */
export function checkSettlementLines(lines: LineDraft[]): { counted: LineDraft[]; errors: Map<string, string> } {
  const errors = new Map<string, string>();
  const counted: LineDraft[] = [];
  for (const l of lines) {
    if (l.product || l.descripcion.trim() !== '') counted.push(l);
    else if (!isBlank(l)) errors.set(l.key, NEEDS_DESCRIPTION);
  }
  return { counted, errors };
}

/** "Línea 2: Escriba la descripción…" for the first line that would not be saved, if any. */
export function firstSettlementLineError(lines: LineDraft[]): string | undefined {
  const { errors } = checkSettlementLines(lines);
  const i = lines.findIndex((l) => errors.has(l.key));
  return i < 0 ? undefined : `Línea ${i + 1}: ${errors.get(lines[i].key)}`;
}

const FIELD_NAMES: Record<string, string> = { cantidad: 'cantidad', precioUnitario: 'precio unitario', descuento: 'descuento', codigoPorcentajeIva: 'IVA' };

/**
 * Live totals (USD strings) of the counted lines, in the shape LinesCard takes; never throws.
 * @param rates codigoPorcentaje -> % from the tarifa_iva catalog.
 */
export function settlementLiveTotals(lines: LineDraft[], rates: Record<string, number>): ReturnType<typeof liveTotals> {
  // A line that cannot be totalled is flagged on its own; the valid lines keep their totals.
  return totalsOfValidLines(lines, checkSettlementLines(lines), rates, (message) => message.replace(/^detalles\[(\d+)\]\.(\w+):? ?/, (_, _i: string, f: string) => `${FIELD_NAMES[f] ?? f}: `));
}

/** A line's code: the product's, else what was typed in the product cell (at most 25 characters, XSD). */
const codeOf = (l: LineDraft) => (l.product ? l.codigoPrincipal : l.productText.split(' — ')[0].trim().slice(0, 25) || undefined);

/**
 * The body of `POST|PUT /api/purchase-settlement`: the counted lines with descuento always sent
 * (required by the liquidación's schema), numbers as numbers, filled-in pagos and infoAdicional.
 */
export function toSettlementBody(d: SettlementDraft) {
  return {
    establishment: d.establishment,
    ptoEmi: d.ptoEmi,
    supplier: d.supplier,
    ...(d.fechaEmision ? { fechaEmision: d.fechaEmision } : {}),
    detalles: checkSettlementLines(d.detalles).counted.map((l) => {
      const codigoPrincipal = codeOf(l);
      return {
        ...(l.product ? { product: l.product } : {}),
        ...(codigoPrincipal ? { codigoPrincipal } : {}),
        descripcion: l.descripcion.trim(),
        cantidad: numberOrUndefined(l.cantidad),
        precioUnitario: numberOrUndefined(l.precioUnitario),
        descuento: Number(l.descuento || 0),
        codigoPorcentajeIva: l.codigoPorcentajeIva,
      };
    }),
    pagos: pagosBody(d.pagos),
    infoAdicional: infoAdicionalBody(d.infoAdicional),
  };
}

/** From the API's view (GET /api/purchase-settlement/{_id}) to the editor's draft. */
export function fromSettlement(view: Record<string, unknown>): SettlementDraft {
  const detalles = (view.detalles as Array<Record<string, unknown>>) ?? [];
  return {
    establishment: view.establishment as string,
    ptoEmi: view.ptoEmi as string,
    supplier: (view.supplier as string | null) ?? undefined,
    fechaEmision: view.fechaEmision as string,
    detalles: detalles.map((d) => ({
      ...newLine(),
      productText: String(d.codigoPrincipal ?? ''),
      product: (d.product as string | undefined) ?? undefined,
      codigoPrincipal: (d.codigoPrincipal as string | undefined) || undefined,
      descripcion: String(d.descripcion ?? ''),
      cantidad: String(d.cantidad),
      precioUnitario: String(d.precioUnitario),
      descuento: String(d.descuento ?? 0),
      codigoPorcentajeIva: String(d.codigoPorcentajeIva),
    })),
    pagos: pagosFromView(view),
    infoAdicional: (view.infoAdicional as Array<{ nombre: string; valor: string }>) ?? [],
  };
}

/**
 * The retención editor's address for an authorised liquidación (the withholding editor prefills
 * from GET /api/purchase-settlement/{_id}).
 * @example newWithholdingPath('/purchases/purchase-settlement', 'l1') // '/purchases/withholding/new?purchaseSettlement=l1'
 */
export const newWithholdingPath = (settlementBasePath: string, id: string) => `${settlementBasePath.replace(/\/[^/]+$/, '')}/withholding/new?purchaseSettlement=${encodeURIComponent(id)}`;
