/**
 * The IVA rates of the tarifa_iva catalog for an editor: `rates` (codigoPorcentaje -> %, what
 * core/totals needs) and `options` (the active entries for a picker; every entry while none is
 * marked active).
 * @example const { rates, options } = useIvaRates(); liveTotals(lines, rates)
 */
import { useMemo } from 'react';
import { useCatalog, type CatalogEntry } from '../../engine/catalogs.ts';

export function useIvaRates(): { rates: Record<string, number>; options: CatalogEntry[] } {
  const iva = useCatalog('tarifa_iva');
  const rates = useMemo(() => Object.fromEntries(iva.entries.map((e) => [e.code, Number(e.data.tarifa ?? 0)])), [iva.entries]);
  return { rates, options: iva.active.length ? iva.active : iva.entries };
}
