/**
 * Formulario 104 (IVA) of a month from its documents (shared/sri/FORMS-103-104.md §1–§2, Odoo's
 * casillero mapping): ventas 40x bruto (facturas and notas de débito), 41x neto (less notas de
 * crédito), 42x impuesto; adquisiciones 50x/51x/52x by codSustento; 609 the IVA customers withheld
 * from us; 721–731 the IVA we withheld, by percentage. Rates come from each document: the IVA on
 * it is the one in force on its date (15 % since 2024-04-01, 5 %, 8 %…), all in the same
 * "tarifa diferente de cero" boxes.
 * Choices where the sources leave room: local sales at 0 % go to 403/413 (LRTI art. 66: selling at
 * 0 % gives no right to crédito tributario; Odoo's default tax uses 405/415); a purchase without
 * sustento counts as without right to credit (502/512/522) until it gets one; exempt and no objeto
 * sales share 431/441 as the form does.
 * Totals 409/419/429, 509/519/529 and 799 are sums of the boxes above them (the form's own totals;
 * their numbers are as the form prints them, read from Odoo's report, not from the SRI's PDF).
 */
import Decimal from 'decimal.js';
import { basesOf, ivaRetentionPercent } from '../ats/ats-codes.ts';
import { codSustentoOf } from '../ats/ats-rows.ts';
import type { FormResult, FormsMonth } from './form-month.ts';
import { Shares, sumCasilleros, type CasilleroDef } from './casillero-sum.ts';

const VENTAS = 'Resumen de ventas y otras operaciones del período que declara';
const COMPRAS = 'Resumen de adquisiciones y pagos del período que declara';
const RET_RECIBIDAS = 'Retenciones en la fuente de IVA que le han sido efectuadas';
const AGENTE = 'Agente de retención del impuesto al valor agregado';

/** The 104's casilleros fed by documents, in the form's order. */
export const FORM_104_LAYOUT: CasilleroDef[] = [
  { codigo: '401', section: VENTAS, label: 'Ventas locales (excluye activos fijos) gravadas tarifa diferente de cero — valor bruto' },
  { codigo: '411', section: VENTAS, label: 'Ventas locales (excluye activos fijos) gravadas tarifa diferente de cero — valor neto' },
  { codigo: '421', section: VENTAS, label: 'Ventas locales (excluye activos fijos) gravadas tarifa diferente de cero — impuesto generado' },
  { codigo: '403', section: VENTAS, label: 'Ventas locales (excluye activos fijos) gravadas tarifa 0 % que no dan derecho a crédito tributario — valor bruto' },
  { codigo: '413', section: VENTAS, label: 'Ventas locales (excluye activos fijos) gravadas tarifa 0 % que no dan derecho a crédito tributario — valor neto' },
  { codigo: '431', section: VENTAS, label: 'Transferencias no objeto o exentas de IVA — valor bruto' },
  { codigo: '441', section: VENTAS, label: 'Transferencias no objeto o exentas de IVA — valor neto' },
  { codigo: '409', section: VENTAS, label: 'Total ventas y otras operaciones — valor bruto', sumOf: ['401', '403', '431'] },
  { codigo: '419', section: VENTAS, label: 'Total ventas y otras operaciones — valor neto', sumOf: ['411', '413', '441'] },
  { codigo: '429', section: VENTAS, label: 'Total ventas y otras operaciones — impuesto generado', sumOf: ['421'] },
  { codigo: '500', section: COMPRAS, label: 'Adquisiciones y pagos (excluye activos fijos) gravados tarifa diferente de cero (con derecho a crédito tributario) — valor bruto' },
  { codigo: '510', section: COMPRAS, label: 'Adquisiciones y pagos (excluye activos fijos) gravados tarifa diferente de cero (con derecho a crédito tributario) — valor neto' },
  { codigo: '520', section: COMPRAS, label: 'Adquisiciones y pagos (excluye activos fijos) gravados tarifa diferente de cero (con derecho a crédito tributario) — impuesto generado' },
  { codigo: '501', section: COMPRAS, label: 'Adquisiciones locales de activos fijos gravados tarifa diferente de cero (con derecho a crédito tributario) — valor bruto' },
  { codigo: '511', section: COMPRAS, label: 'Adquisiciones locales de activos fijos gravados tarifa diferente de cero (con derecho a crédito tributario) — valor neto' },
  { codigo: '521', section: COMPRAS, label: 'Adquisiciones locales de activos fijos gravados tarifa diferente de cero (con derecho a crédito tributario) — impuesto generado' },
  { codigo: '502', section: COMPRAS, label: 'Otras adquisiciones y pagos gravados tarifa diferente de cero (sin derecho a crédito tributario) — valor bruto' },
  { codigo: '512', section: COMPRAS, label: 'Otras adquisiciones y pagos gravados tarifa diferente de cero (sin derecho a crédito tributario) — valor neto' },
  { codigo: '522', section: COMPRAS, label: 'Otras adquisiciones y pagos gravados tarifa diferente de cero (sin derecho a crédito tributario) — impuesto generado' },
  { codigo: '507', section: COMPRAS, label: 'Adquisiciones y pagos (incluye activos fijos) gravados tarifa 0 % — valor bruto' },
  { codigo: '517', section: COMPRAS, label: 'Adquisiciones y pagos (incluye activos fijos) gravados tarifa 0 % — valor neto' },
  { codigo: '531', section: COMPRAS, label: 'Adquisiciones no objeto de IVA — valor bruto' },
  { codigo: '541', section: COMPRAS, label: 'Adquisiciones no objeto de IVA — valor neto' },
  { codigo: '532', section: COMPRAS, label: 'Adquisiciones exentas del pago de IVA — valor bruto' },
  { codigo: '542', section: COMPRAS, label: 'Adquisiciones exentas del pago de IVA — valor neto' },
  { codigo: '509', section: COMPRAS, label: 'Total adquisiciones y pagos — valor bruto', sumOf: ['500', '501', '502', '507', '531', '532'] },
  { codigo: '519', section: COMPRAS, label: 'Total adquisiciones y pagos — valor neto', sumOf: ['510', '511', '512', '517', '541', '542'] },
  { codigo: '529', section: COMPRAS, label: 'Total adquisiciones y pagos — impuesto generado', sumOf: ['520', '521', '522'] },
  { codigo: '609', section: RET_RECIBIDAS, label: 'Retenciones en la fuente de IVA que le han sido efectuadas' },
  { codigo: '721', section: AGENTE, label: 'Retención del 10 %' },
  { codigo: '723', section: AGENTE, label: 'Retención del 20 %' },
  { codigo: '725', section: AGENTE, label: 'Retención del 30 %' },
  { codigo: '727', section: AGENTE, label: 'Retención del 50 %' },
  { codigo: '729', section: AGENTE, label: 'Retención del 70 %' },
  { codigo: '731', section: AGENTE, label: 'Retención del 100 %' },
  { codigo: '799', section: AGENTE, label: 'Total impuesto retenido', sumOf: ['721', '723', '725', '727', '729', '731'] },
];

const RETENTION_BOX: Record<string, string> = { '10': '721', '20': '723', '30': '725', '50': '727', '70': '729', '100': '731' };

/** Gravada purchase boxes (bruto, neto, impuesto) by codSustento (FORMS-103-104.md §2.2). */
function gravadaBoxes(codSustento: string | null): [string, string, string] {
  if (codSustento === '03') return ['501', '511', '521'];
  if (codSustento && ['01', '05', '06', '15'].includes(codSustento)) return ['500', '510', '520'];
  return ['502', '512', '522'];
}

/**
 * The 104 of a month.
 * @example form104(month).casilleros.find((c) => c.codigo === '421')?.valor // 45
 */
export function form104(month: FormsMonth): FormResult {
  const s = new Shares();
  for (const v of month.ventas) {
    const b = basesOf(v.impuestos);
    const nc = v.codDoc === '04';
    const sign = nc ? -1 : 1;
    if (!nc) {
      s.add('401', v.ref, b.baseImpGrav);
      s.add('403', v.ref, b.baseImponible);
      s.add('431', v.ref, b.baseNoGraIva.plus(b.baseImpExe));
    }
    s.add('411', v.ref, b.baseImpGrav.times(sign));
    s.add('421', v.ref, b.montoIva.times(sign));
    s.add('413', v.ref, b.baseImponible.times(sign));
    s.add('441', v.ref, b.baseNoGraIva.plus(b.baseImpExe).times(sign));
  }
  for (const c of month.compras) {
    const b = basesOf(c.impuestos);
    const nc = c.codDoc === '04';
    const sign = nc ? -1 : 1;
    const [bruto, neto, impuesto] = gravadaBoxes(codSustentoOf(c, month.settings));
    if (!nc) {
      s.add(bruto, c.ref, b.baseImpGrav);
      s.add('507', c.ref, b.baseImponible);
      s.add('531', c.ref, b.baseNoGraIva);
      s.add('532', c.ref, b.baseImpExe);
    }
    s.add(neto, c.ref, b.baseImpGrav.times(sign));
    s.add(impuesto, c.ref, b.montoIva.times(sign));
    s.add('517', c.ref, b.baseImponible.times(sign));
    s.add('541', c.ref, b.baseNoGraIva.times(sign));
    s.add('542', c.ref, b.baseImpExe.times(sign));
  }
  for (const r of month.retencionesRecibidas) {
    s.add('609', r.ref, r.lineas.filter((l) => l.codigo === '2').reduce((t, l) => t.plus(l.valorRetenido || 0), new Decimal(0)));
  }
  for (const r of month.retencionesEmitidas) {
    for (const l of r.lineas.filter((x) => x.codigo === '2')) {
      const p = ivaRetentionPercent(l.porcentajeRetener);
      if (p) s.add(RETENTION_BOX[p], r.ref, new Decimal(l.valorRetenido || 0));
    }
  }
  return sumCasilleros(FORM_104_LAYOUT, s);
}
