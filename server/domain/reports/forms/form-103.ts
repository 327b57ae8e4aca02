/**
 * Formulario 103 (retenciones en la fuente del impuesto a la renta) of a month, from our
 * comprobantes de retención dated in it (shared/sri/FORMS-103-104.md §3): each renta line
 * (codigo 1) adds its base to the concept's base casillero and its valorRetenido to the valor
 * casillero (base + 50 for three-digit codes: 303 -> 353; 3440 -> 3940; 312A -> 3120/3620, 343C ->
 * 344/394 as Odoo's template; 332 has no valor box). The percentage is the one written on the
 * retención: the rate in force on its date (e.g. 312 at 1.75 % until 2026-02-28, 2 % from
 * 2026-03-01, NAC-DGERCGC26-00000009). With the company setting "concepto 332 en compras sin
 * retención" a purchase of the month without renta withheld feeds 332 as in the ATS.
 * Totals 349 (bases) and 399 (retenido) and 499 (total, with no payments abroad: 399) are sums.
 */
import Decimal from 'decimal.js';
import { basesOf } from '../ats/ats-codes.ts';
import type { FormResult, FormsMonth } from './form-month.ts';
import { Shares, sumCasilleros, type CasilleroDef } from './casillero-sum.ts';

const SECTION = 'Por pagos efectuados a residentes y establecimientos permanentes';
const TOTALS = 'Totales';

/**
 * Base and valor casilleros of a renta concept (ATS codRetAir).
 * @example rentaBoxes('303') // { base: '303', valor: '353' }
 */
export function rentaBoxes(code: string): { base: string; valor: string | null } {
  if (code === '312A') return { base: '3120', valor: '3620' };
  if (code === '343C') return { base: '344', valor: '394' };
  const three = /^(\d{3})[A-Z]?$/.exec(code);
  if (three) return three[1] === '332' ? { base: '332', valor: null } : { base: three[1], valor: String(Number(three[1]) + 50) };
  if (/^\d{4}$/.test(code)) return { base: code, valor: String(Number(code) + 500) };
  return { base: code, valor: null };
}

/**
 * The 103 of a month: one base and one valor casillero per concept used, in casillero order, then
 * the totals.
 * @example form103(month).casilleros.find((c) => c.codigo === '362')?.valor // 4.38
 */
export function form103(month: FormsMonth): FormResult {
  const s = new Shares();
  const used = new Map<string, { base: string; valor: string | null; label: string }>();
  const concept = (code: string) => {
    const boxes = rentaBoxes(code);
    const known = used.get(boxes.base);
    const name = month.conceptosRenta[code] ?? `Concepto ${code}`;
    // Several codes (304, 304A…) share a box: the label names the first one seen.
    if (!known) used.set(boxes.base, { ...boxes, label: name });
    return boxes;
  };
  for (const r of month.retencionesEmitidas) {
    for (const l of r.lineas.filter((x) => x.codigo === '1')) {
      const boxes = concept(l.codigoRetencion);
      s.add(boxes.base, r.ref, new Decimal(l.baseImponible || 0));
      if (boxes.valor) s.add(boxes.valor, r.ref, new Decimal(l.valorRetenido || 0));
    }
  }
  if (month.settings.air332SinRetencion) {
    for (const c of month.compras) {
      if (c.codDoc === '04' || c.codDoc === '05' || c.retencion?.lineas.some((l) => l.codigo === '1')) continue;
      const b = basesOf(c.impuestos);
      concept('332');
      s.add('332', c.ref, b.baseNoGraIva.plus(b.baseImponible).plus(b.baseImpGrav).plus(b.baseImpExe));
    }
  }
  const concepts = [...used.values()].sort((a, b) => Number(a.base.padEnd(4, '0')) - Number(b.base.padEnd(4, '0')) || a.base.localeCompare(b.base));
  const layout: CasilleroDef[] = concepts.flatMap((c) => [
    { codigo: c.base, section: SECTION, label: `${c.label} — base imponible` },
    ...(c.valor ? [{ codigo: c.valor, section: SECTION, label: `${c.label} — valor retenido` }] : []),
  ]);
  const bases = concepts.map((c) => c.base);
  const valores = concepts.flatMap((c) => (c.valor ? [c.valor] : []));
  layout.push(
    { codigo: '349', section: TOTALS, label: 'Subtotal operaciones efectuadas en el país — base imponible', sumOf: bases },
    { codigo: '399', section: TOTALS, label: 'Subtotal operaciones efectuadas en el país — valor retenido', sumOf: valores },
    { codigo: '499', section: TOTALS, label: 'Total de retención de impuesto a la renta', sumOf: valores },
  );
  return sumCasilleros(layout, s);
}
