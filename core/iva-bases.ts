/**
 * A comprobante's bases per IVA rate, as an accountant reads them (the libro de ventas' columns):
 * from its totalConImpuestos (SRI tabla 17 codigoPorcentaje: 0 -> 0 %, 5 -> 5 %, 4 -> 15 %, 6 no
 * objeto, 7 exento, any other rate -> "otras tarifas": 12 %, 13 %, 14 %, 8 % diferenciado). ICE and
 * IRBPNR entries (codigo 3, 5) are not IVA bases. Amounts in US dollars, rounded to the cent.
 */

/** One totalImpuesto as stored (baseImponible as a decimal string or a number). */
export interface TaxTotal {
  codigo?: string;
  codigoPorcentaje: string;
  baseImponible: string | number;
}

export interface IvaBases {
  base0: number;
  base5: number;
  base15: number;
  baseOtra: number;
  noObjeto: number;
  exenta: number;
}

const BUCKET: Record<string, keyof IvaBases> = { '0': 'base0', '5': 'base5', '4': 'base15', '6': 'noObjeto', '7': 'exenta' };

/** @example ivaBases([{ codigo: '2', codigoPorcentaje: '4', baseImponible: '850.00' }]).base15 // 850 */
export function ivaBases(taxes: readonly TaxTotal[] | null | undefined): IvaBases {
  const cents: IvaBases = { base0: 0, base5: 0, base15: 0, baseOtra: 0, noObjeto: 0, exenta: 0 };
  for (const t of taxes ?? []) {
    if ((t.codigo ?? '2') !== '2') continue;
    cents[BUCKET[t.codigoPorcentaje] ?? 'baseOtra'] += Math.round(Number(t.baseImponible) * 100);
  }
  return { base0: cents.base0 / 100, base5: cents.base5 / 100, base15: cents.base15 / 100, baseOtra: cents.baseOtra / 100, noObjeto: cents.noObjeto / 100, exenta: cents.exenta / 100 };
}
