/**
 * The ATS code tables Emite needs and the shaping rules shared by the ATS, the forms and the books
 * (shared/sri/ATS.md §3–§5, Catálogo ATS tablas 2, 4, 5, 11): identification codes per side, the
 * IVA withholding percentage -> element map, the sustento/comprobante compatibility, and the split of
 * a document's tax totals into the ATS bases. Pure; money with decimal.js.
 */
import Decimal from 'decimal.js';
import type { TaxTotal } from './ats-month.ts';

/** Tabla 2, purchase side, from the comprobante's tabla 6 code: 04 RUC -> 01, 05 -> 02, 06/08 -> 03. */
export function tpIdProv(tipoIdentificacion: string): string | null {
  return ({ '04': '01', '05': '02', '06': '03', '08': '03' } as Record<string, string>)[tipoIdentificacion] ?? null;
}

/** Tabla 2, sales side: 04 RUC, 05 cédula, 06 pasaporte (also 08 exterior), 07 consumidor final. */
export function tpIdCliente(tipoIdentificacion: string): string | null {
  return ({ '04': '04', '05': '05', '06': '06', '07': '07', '08': '06' } as Record<string, string>)[tipoIdentificacion] ?? null;
}

/** Tabla 4 code of a sale row: facturas are 18 ("documentos autorizados utilizados en ventas excepto N/C N/D"). */
export const ventaTipoComprobante = (codDoc: string) => (codDoc === '01' ? '18' : codDoc);

/** IVA withheld by percentage -> its detalleCompras element (ATS.md §3.2; tabla 11), in XSD order. */
export const IVA_RETENTION_ELEMENTS = [
  { percent: '10', element: 'valRetBien10' },
  { percent: '20', element: 'valRetServ20' },
  { percent: '30', element: 'valorRetBienes' },
  { percent: '50', element: 'valRetServ50' },
  { percent: '70', element: 'valorRetServicios' },
  { percent: '100', element: 'valRetServ100' },
] as const;

/** '30.00' / '30' -> '30'; null when the percentage has no ATS element. */
export function ivaRetentionPercent(porcentaje: string): string | null {
  const p = new Decimal(porcentaje || 0).toString();
  return IVA_RETENTION_ELEMENTS.some((e) => e.percent === p) ? p : null;
}

/**
 * Tabla 5: the tipoComprobante (tabla 4, as numbers) each codSustento allows (ATS.md §5.4, column D
 * of the catalogue), for the codes a company in Emite can use.
 */
const SUSTENTO_COMPROBANTES: Record<string, number[]> = {
  '01': [1, 3, 4, 5, 11, 12, 21, 41, 43, 47, 48, 294, 344],
  '02': [1, 2, 3, 4, 5, 9, 11, 12, 15, 19, 20, 21, 41, 43, 47, 48, 294, 344, 364],
  '03': [1, 3, 4, 5, 41, 47, 48, 294, 344],
  '04': [1, 2, 3, 4, 5, 15, 41, 47, 48, 294, 344],
  '05': [1, 2, 3, 4, 5, 11, 15, 41, 294, 344],
  '06': [1, 3, 4, 5, 41, 43, 47, 48, 294, 344],
  '07': [1, 2, 3, 4, 5, 15, 41, 43, 47, 48, 294, 344, 364],
  '08': [1, 2, 3, 4, 5, 21, 294, 344],
  '09': [1, 4, 5, 45],
  '10': [19],
  '11': [12],
  '12': [42],
  '13': [19],
  '14': [1, 2, 3, 4, 5],
  '15': [1, 2, 3, 4, 5, 12, 15],
};

/** Whether tabla 5 lets `codSustento` support a comprobante of `codDoc`; unknown codSustento: false. */
export function sustentoAllows(codSustento: string, codDoc: string): boolean {
  return SUSTENTO_COMPROBANTES[codSustento]?.includes(Number(codDoc)) ?? false;
}

/** A document's tax totals split into the ATS bases (USD). */
export interface AtsBases {
  /** No objeto de IVA (codigoPorcentaje 6). */
  baseNoGraIva: Decimal;
  /** Tarifa 0 % (codigoPorcentaje 0). */
  baseImponible: Decimal;
  /** Any tarifa other than 0 (2 = 12 %, 3 = 14 %, 4 = 15 %, 5 = 5 %, 8 = 8 %, 10 = 13 %). */
  baseImpGrav: Decimal;
  /** Exento de IVA (codigoPorcentaje 7). */
  baseImpExe: Decimal;
  montoIva: Decimal;
  montoIce: Decimal;
}

export const zeroBases = (): AtsBases => ({ baseNoGraIva: new Decimal(0), baseImponible: new Decimal(0), baseImpGrav: new Decimal(0), baseImpExe: new Decimal(0), montoIva: new Decimal(0), montoIce: new Decimal(0) });

/**
 * Splits tax totals into the bases (ATS.md §3 rows 14–19, §7.1: no objeto in baseNoGraIva, 0 % in
 * baseImponible, exenta in baseImpExe). ICE (codigo 3) adds its valor to montoIce; IRBPNR (5) feeds none.
 * @example basesOf([{ codigo: '2', codigoPorcentaje: '4', baseImponible: '200.00', valor: '30.00' }]).baseImpGrav.toFixed(2) // '200.00'
 */
export function basesOf(impuestos: TaxTotal[]): AtsBases {
  const b = zeroBases();
  for (const t of impuestos) {
    const base = new Decimal(t.baseImponible || 0);
    const valor = new Decimal(t.valor || 0);
    if (t.codigo === '3') b.montoIce = b.montoIce.plus(valor);
    if (t.codigo !== '2') continue;
    if (t.codigoPorcentaje === '0') b.baseImponible = b.baseImponible.plus(base);
    else if (t.codigoPorcentaje === '6') b.baseNoGraIva = b.baseNoGraIva.plus(base);
    else if (t.codigoPorcentaje === '7') b.baseImpExe = b.baseImpExe.plus(base);
    else b.baseImpGrav = b.baseImpGrav.plus(base);
    b.montoIva = b.montoIva.plus(valor);
  }
  return b;
}

/** a + b, bucket by bucket. */
export function addBases(a: AtsBases, b: AtsBases): AtsBases {
  return {
    baseNoGraIva: a.baseNoGraIva.plus(b.baseNoGraIva),
    baseImponible: a.baseImponible.plus(b.baseImponible),
    baseImpGrav: a.baseImpGrav.plus(b.baseImpGrav),
    baseImpExe: a.baseImpExe.plus(b.baseImpExe),
    montoIva: a.montoIva.plus(b.montoIva),
    montoIce: a.montoIce.plus(b.montoIce),
  };
}

/** '001-001-000000123' -> parts; null for another shape. */
export function splitNumero(numero: string): { estab: string; ptoEmi: string; secuencial: number } | null {
  const m = /^(\d{3})-?(\d{3})-?(\d{1,9})$/.exec(numero.trim());
  return m ? { estab: m[1], ptoEmi: m[2], secuencial: Number(m[3]) } : null;
}

/** 'YYYY-MM-DD' -> 'dd/mm/aaaa' (ATS fechaType). */
export const atsDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
