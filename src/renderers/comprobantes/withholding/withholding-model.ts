/**
 * The comprobante de retención editor's draft (pure): the writable fields of `/api/withholding`
 * (DESIGN.md §4; src/schemas/withholding/schema.json) as the editor holds them — amounts and
 * percentages as the strings typed — and the live figures it shows: each retención's percent (the
 * one typed, else the catalog's in force on fechaEmision: core/withholding-rates.ts) and
 * valorRetenido (base × % / 100, half-up to cents with decimal.js), the total withheld, and the
 * 5-day warning (LRTI art. 50). A new retención starts from the server's proposal
 * (`GET /api/withholding/proposal?receivedDocument=<_id>`). Amounts USD; percent as in "1.75".
 */
import type { DocSustentoBody } from '../../../../core/withholding-body.ts';
import Decimal from 'decimal.js';
import { lateWithholdingWarning, rateInForce, valorRetenido, WITHHOLDING_CATALOG, type WithholdingRateEntry } from '../../../../core/withholding-rates.ts';
import { moneyText } from '../../format.ts';

export interface RetencionDraft {
  key: string;
  codigo: '1' | '2';
  codigoRetencion: string;
  baseImponible: string;
  /** '' = the catalog's percent in force. */
  porcentajeRetener: string;
}

/** A supporting document as the API gives it (numbers), kept as is but for its retenciones. */
export type DocSustentoDraft = DocSustentoBody<RetencionDraft>;

export interface WithholdingDraft {
  establishment?: string;
  ptoEmi?: string;
  supplier?: string;
  fechaEmision?: string;
  docsSustento: DocSustentoDraft[];
  infoAdicional: Array<{ nombre: string; valor: string }>;
}

let seq = 0;
export const newRetencion = (codigo: '1' | '2', codigoRetencion = '', baseImponible = ''): RetencionDraft => ({ key: `r${Date.now().toString(36)}${seq++}`, codigo, codigoRetencion, baseImponible: moneyText(baseImponible), porcentajeRetener: '' });

export const emptyWithholding = (today: string): WithholdingDraft => ({ fechaEmision: today, docsSustento: [], infoAdicional: [] });

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** A retención as the API view and the proposal give it (numbers; the percent and value as the server priced them). */
export interface RetencionView {
  codigo: string;
  codigoRetencion: string;
  baseImponible: number;
  porcentajeRetener?: number;
  valorRetenido?: number;
}

/** A supporting document as `GET /api/withholding/{_id}` and the proposal answer it (numAutDocSustento: null in the view when absent). */
export type DocSustentoView = Omit<DocSustentoBody<RetencionView>, 'numAutDocSustento' | 'retenciones'> & { numAutDocSustento?: string | null; retenciones?: RetencionView[] };

/** `GET /api/withholding/proposal` (server/domain/comprobantes/comprobante-retencion/propose-retencion.ts). */
export interface RetencionProposalView {
  /** The supplier record's _id, or null when none is registered with this identificación. */
  supplier: string | null;
  supplierIdentificacion: string;
  supplierRazonSocial: string;
  fechaEmision: string;
  docsSustento: DocSustentoView[];
  warnings: string[];
}

function docFrom(d: DocSustentoView, keepPercent: boolean): DocSustentoDraft {
  const { retenciones, numAutDocSustento, ...rest } = d;
  return {
    ...rest,
    ...(numAutDocSustento !== null && numAutDocSustento !== undefined ? { numAutDocSustento } : {}),
    retenciones: (retenciones ?? []).map((r) => ({ ...newRetencion(r.codigo === '2' ? '2' : '1', text(r.codigoRetencion), text(r.baseImponible)), porcentajeRetener: keepPercent ? text(r.porcentajeRetener) : '' })),
  };
}

/**
 * A saved retención (API view) -> the draft. Its percentages are kept as given, so a saved draft
 * shows what the server stored.
 */
export function fromWithholding(record: Record<string, unknown>): WithholdingDraft {
  return {
    establishment: record.establishment as string | undefined,
    ptoEmi: record.ptoEmi as string | undefined,
    supplier: (record.supplier as string | null) ?? undefined,
    fechaEmision: record.fechaEmision as string | undefined,
    docsSustento: ((record.docsSustento as DocSustentoView[] | undefined) ?? []).map((d) => docFrom(d, true)),
    infoAdicional: ((record.infoAdicional as Array<{ nombre: string; valor: string }>) ?? []).map(({ nombre, valor }) => ({ nombre, valor })),
  };
}

/**
 * The proposal of `GET /api/withholding/proposal` -> the draft's supplier and docsSustento. The
 * percentages are left to the catalog (shown, not typed), so a change of fechaEmision re-prices them.
 */
export function fromProposal(proposal: RetencionProposalView): Pick<WithholdingDraft, 'supplier' | 'docsSustento'> {
  return {
    supplier: proposal.supplier ?? undefined,
    docsSustento: (proposal.docsSustento ?? []).map((d) => docFrom(d, false)),
  };
}

/** The body of POST|PUT /api/withholding: numbers as numbers, a typed percent only when typed. */
export function toWithholdingBody(d: WithholdingDraft) {
  return {
    establishment: d.establishment,
    ptoEmi: d.ptoEmi,
    supplier: d.supplier,
    ...(d.fechaEmision ? { fechaEmision: d.fechaEmision } : {}),
    docsSustento: d.docsSustento.map((doc) => {
      const { retenciones, ...rest } = doc;
      return {
        ...rest,
        retenciones: retenciones
          .filter((r) => r.codigoRetencion && r.baseImponible.trim() !== '')
          .map((r) => ({ codigo: r.codigo, codigoRetencion: r.codigoRetencion, baseImponible: Number(r.baseImponible), ...(r.porcentajeRetener.trim() !== '' ? { porcentajeRetener: Number(r.porcentajeRetener) } : {}) })),
      };
    }),
    infoAdicional: d.infoAdicional.filter((i) => i.nombre.trim() && i.valor.trim()),
  };
}

/** Catalog entries of retencion_renta and retencion_iva, by table name. */
export type WithholdingCatalogs = Record<'retencion_renta' | 'retencion_iva', WithholdingRateEntry[]>;

/** The catalog's percent of a code in force on `fecha`, or undefined (unknown code, no rate then). */
export function catalogPercent(catalogs: WithholdingCatalogs, codigo: '1' | '2', code: string, fecha: string): number | undefined {
  const entry = catalogs[WITHHOLDING_CATALOG[codigo]].find((e) => e.code === code);
  if (!entry) return undefined;
  try {
    return rateInForce(entry, fecha);
  } catch {
    return undefined;
  }
}

export interface LiveRetencion {
  /** The percent that applies (typed, else the catalog's), or undefined. */
  percent?: number;
  /** base × percent, 2 decimals, or undefined while incomplete. */
  valor?: string;
  /** Why it cannot be priced yet (Spanish), if so. */
  problem?: string;
}

/** Each retención priced as the server will price it, and their total (USD, 2 decimals). */
export function liveRetenciones(retenciones: RetencionDraft[], catalogs: WithholdingCatalogs, fecha: string): { rows: LiveRetencion[]; total: string } {
  const rows = retenciones.map((r): LiveRetencion => {
    if (!r.codigoRetencion) return { problem: 'Elija el código de retención' };
    const typed = r.porcentajeRetener.trim();
    const percent = typed !== '' ? Number(typed) : catalogPercent(catalogs, r.codigo, r.codigoRetencion, fecha);
    if (percent === undefined || Number.isNaN(percent)) return { problem: `El código ${r.codigoRetencion} no tiene un porcentaje vigente; indique el %` };
    const base = r.baseImponible.trim();
    if (base === '' || Number.isNaN(Number(base))) return { percent, problem: 'Indique la base imponible' };
    return { percent, valor: valorRetenido(base, percent) };
  });
  const total = rows.reduce((s, r) => (r.valor ? s.plus(r.valor) : s), new Decimal(0)).toFixed(2);
  return { rows, total };
}

/** The 5-day warnings of the draft's documents (LRTI art. 50; a warning, not an error). */
export const withholdingWarnings = (d: WithholdingDraft): string[] =>
  d.fechaEmision ? d.docsSustento.flatMap((doc) => (doc.fechaEmisionDocSustento ? [lateWithholdingWarning(doc.fechaEmisionDocSustento, d.fechaEmision!)].filter((w): w is string => Boolean(w)) : [])) : [];

/** Why the draft cannot be saved as it is (Spanish), if anything. */
export function withholdingProblem(d: WithholdingDraft): string | undefined {
  if (!d.supplier) return 'Elija el proveedor (sujeto retenido)';
  if (!d.docsSustento.length) return 'La retención necesita un comprobante de sustento: ábrala desde Compras > Recibidos';
  if (!d.docsSustento.every((doc) => doc.retenciones.some((r) => r.codigoRetencion && r.baseImponible.trim() !== ''))) return 'Agregue al menos una retención con su código y su base imponible';
  return undefined;
}

/** '001001000000123' -> '001-001-000000123'. */
export const dashed = (n: string) => (/^\d{15}$/.test(n) ? `${n.slice(0, 3)}-${n.slice(3, 6)}-${n.slice(6)}` : n);
