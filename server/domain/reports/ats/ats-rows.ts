/**
 * An {@link AtsMonth} -> the rows of the ATS (shared/sri/ATS.md §2–§4, §7), values final and
 * formatted as the XSD writes them (money with 2 decimals, dates dd/mm/aaaa), plus the problems that
 * keep a row from being written right. Pure; the XML writer (write-ats-xml.ts) only serialises.
 *
 * - compras: one row per purchase (§3): bases from its tax totals, our retención's codSustento,
 *   IVA withheld by percentage (the six valRet elements, all written), renta per code in `air`,
 *   the retención's number; a received nota is its own row with the modified document (§7.9).
 * - ventas: one row per (tpIdCliente, idCliente, tipoComprobante, tipoEmision E) with positive
 *   amounts (§4.1); the retenciones customers issued in the month go to their factura row (18), a
 *   customer who withheld and bought nothing gets a row with numeroComprobantes 0.
 * - ventasEstablecimiento, totalVentas and anulados as the company settings read §7.
 */
import Decimal from 'decimal.js';
import type { AtsCompra, AtsMonth, DocRef, RetencionLine } from './ats-month.ts';
import { addBases, atsDate, basesOf, IVA_RETENTION_ELEMENTS, ivaRetentionPercent, sustentoAllows, tpIdCliente, tpIdProv, ventaTipoComprobante, zeroBases, type AtsBases } from './ats-codes.ts';
import { atsName, fitsRazonSocial } from './transliterate.ts';
import type { AtsSettings } from '../../../../core/ats-settings.ts';

export type AtsProblem = {
  /** Stable code (COMPRA_SIN_SUSTENTO, …) for clients. */
  code: string;
  message: string;
  /** 'error': the ATS cannot be served until fixed; 'warning': it can, but check it. */
  severity: 'error' | 'warning';
  resource?: string;
  _id?: string;
};

const m2 = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

export interface AirRow {
  codRetAir: string;
  baseImpAir: string;
  porcentajeAir: string;
  valRetAir: string;
}

export interface CompraRow {
  refs: DocRef[];
  codSustento: string;
  tpIdProv: string;
  idProv: string;
  tipoComprobante: string;
  tipoProv?: string;
  denoProv?: string;
  parteRel: string;
  fechaRegistro: string;
  establecimiento: string;
  puntoEmision: string;
  secuencial: string;
  fechaEmision: string;
  autorizacion: string;
  baseNoGraIva: string;
  baseImponible: string;
  baseImpGrav: string;
  baseImpExe: string;
  montoIce: string;
  montoIva: string;
  /** The six IVA-withheld elements by name, in XSD order. */
  retIva: Array<{ element: string; value: string }>;
  formasPago: string[];
  air: AirRow[];
  retencion?: { estab: string; ptoEmi: string; secuencial: string; autorizacion: string; fechaEmision: string };
  modificado?: { docModificado: string; estab: string; ptoEmi: string; secuencial: string; autorizacion?: string };
}

export interface VentaRow {
  refs: DocRef[];
  tpIdCliente: string;
  idCliente: string;
  parteRelVtas?: string;
  tipoCliente?: string;
  denoCli?: string;
  tipoComprobante: string;
  tipoEmision: 'E';
  numeroComprobantes: number;
  baseNoGraIva: string;
  baseImponible: string;
  baseImpGrav: string;
  montoIva: string;
  montoIce: string;
  valorRetIva: string;
  valorRetRenta: string;
  formasPago: string[];
}

export interface AnuladoRow {
  refs: DocRef[];
  tipoComprobante: string;
  establecimiento: string;
  puntoEmision: string;
  secuencialInicio: string;
  secuencialFin: string;
  autorizacion: string;
}

export interface AtsRows {
  idInformante: string;
  razonSocial: string;
  anio: string;
  mes: string;
  numEstabRuc: string;
  totalVentas: string;
  compras: CompraRow[];
  ventas: VentaRow[];
  ventasEstablecimiento: Array<{ codEstab: string; ventasEstab: string }>;
  anulados: AnuladoRow[];
  problems: AtsProblem[];
}

const problemAt = (ref: DocRef, code: string, message: string, severity: AtsProblem['severity'] = 'error'): AtsProblem => ({ code, message, severity, resource: ref.resource, _id: ref._id });

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

/** Sum of valorRetenido of the lines of `codigo` (1 renta, 2 IVA). */
const sumLines = (lineas: RetencionLine[], codigo: string) => lineas.filter((l) => l.codigo === codigo).reduce((s, l) => s.plus(l.valorRetenido || 0), new Decimal(0));

/**
 * A purchase's codSustento (tabla 5): our retención's, for a nota the one of the document it
 * modifies, else the company's setting for purchases without retención; null when none applies.
 */
export function codSustentoOf(c: AtsCompra, settings: AtsSettings): string | null {
  const nota = c.codDoc === '04' || c.codDoc === '05';
  return c.retencion?.codSustento ?? (nota ? c.codSustentoModificado : undefined) ?? settings.codSustentoSinRetencion;
}

function compraRow(c: AtsCompra, month: AtsMonth, problems: AtsProblem[]): CompraRow {
  const label = `${c.codDoc === '03' ? 'La liquidación de compra' : 'La compra'} ${c.ref.numero} de ${c.razonSocial}`;
  const nota = c.codDoc === '04' || c.codDoc === '05';
  const codSustento = codSustentoOf(c, month.settings);
  if (!codSustento) problems.push(problemAt(c.ref, 'COMPRA_SIN_SUSTENTO', `${label} no tiene sustento tributario: emita su retención o elija un sustento para compras sin retención en la configuración del ATS`));
  else if (!sustentoAllows(codSustento, c.codDoc)) problems.push(problemAt(c.ref, 'SUSTENTO_INCOMPATIBLE', `${label}: el sustento ${codSustento} no admite el tipo de comprobante ${c.codDoc} (tabla 5 del catálogo ATS)`));
  const idType = tpIdProv(c.tipoIdentificacion);
  if (!idType) problems.push(problemAt(c.ref, 'PROVEEDOR_SIN_TIPO_ID', `${label}: el proveedor no tiene un tipo de identificación válido para el ATS (RUC, cédula o pasaporte)`));
  const bases = basesOf(c.impuestos);
  const lineas = c.retencion?.lineas ?? [];
  const byPercent = new Map<string, Decimal>();
  for (const l of lineas.filter((x) => x.codigo === '2')) {
    const p = ivaRetentionPercent(l.porcentajeRetener);
    if (!p) {
      problems.push(problemAt(c.retencion!.ref, 'RETENCION_IVA_PORCENTAJE', `La retención ${c.retencion!.ref.numero} retiene IVA al ${l.porcentajeRetener} %, que el ATS no tiene (10, 20, 30, 50, 70 o 100 %)`));
      continue;
    }
    byPercent.set(p, (byPercent.get(p) ?? new Decimal(0)).plus(l.valorRetenido || 0));
  }
  const airMap = new Map<string, { base: Decimal; valor: Decimal; codigo: string; porcentaje: string }>();
  for (const l of lineas.filter((x) => x.codigo === '1')) {
    const porcentaje = new Decimal(l.porcentajeRetener || 0).toFixed(2);
    const key = `${l.codigoRetencion}|${porcentaje}`;
    const row = airMap.get(key) ?? { base: new Decimal(0), valor: new Decimal(0), codigo: l.codigoRetencion, porcentaje };
    row.base = row.base.plus(l.baseImponible || 0);
    row.valor = row.valor.plus(l.valorRetenido || 0);
    airMap.set(key, row);
  }
  const air: AirRow[] = [...airMap.values()].map((r) => ({ codRetAir: r.codigo, baseImpAir: m2(r.base), porcentajeAir: r.porcentaje, valRetAir: m2(r.valor) }));
  if (!nota && air.length === 0 && month.settings.air332SinRetencion) {
    const base = bases.baseNoGraIva.plus(bases.baseImponible).plus(bases.baseImpGrav).plus(bases.baseImpExe);
    air.push({ codRetAir: '332', baseImpAir: m2(base), porcentajeAir: '0.00', valRetAir: '0.00' });
  }
  if (!nota && c.formasPago.length === 0 && new Decimal(c.importeTotal || 0).gt(1000)) {
    problems.push(problemAt(c.ref, 'COMPRA_SIN_FORMA_PAGO', `${label} supera $ 1,000.00 y no tiene forma de pago`, 'warning'));
  }
  const end = lastDay(month.year, month.month);
  const retDate = c.retencion?.fechaEmision;
  // The accounting date must fall in the period and not before emission: the retención's date
  // when it is in the period (when the purchase was recorded), else the emission date.
  const fechaRegistro = retDate && retDate >= c.fechaEmision && retDate <= end ? retDate : c.fechaEmision;
  const foreign = idType === '03';
  const denoProv = atsName(c.razonSocial);
  if (foreign && !denoProv) problems.push(problemAt(c.ref, 'NOMBRE_NO_TRANSCRIBIBLE', `${label}: el nombre del proveedor no tiene letras ni números que el ATS admita`));
  return {
    refs: c.retencion ? [c.ref, c.retencion.ref] : [c.ref],
    codSustento: codSustento ?? '',
    tpIdProv: idType ?? '',
    idProv: c.identificacion,
    tipoComprobante: c.codDoc,
    ...(foreign ? { tipoProv: c.retencion?.tipoSujetoRetenido ?? '01', denoProv } : {}),
    parteRel: c.retencion?.parteRel === 'SI' ? 'SI' : 'NO',
    fechaRegistro: atsDate(fechaRegistro),
    establecimiento: c.estab,
    puntoEmision: c.ptoEmi,
    secuencial: String(c.secuencial),
    fechaEmision: atsDate(c.fechaEmision),
    autorizacion: c.autorizacion,
    baseNoGraIva: m2(bases.baseNoGraIva),
    baseImponible: m2(bases.baseImponible),
    baseImpGrav: m2(bases.baseImpGrav),
    baseImpExe: m2(bases.baseImpExe),
    montoIce: m2(bases.montoIce),
    montoIva: m2(bases.montoIva),
    retIva: IVA_RETENTION_ELEMENTS.map((e) => ({ element: e.element, value: m2(byPercent.get(e.percent) ?? new Decimal(0)) })),
    formasPago: nota ? [] : [...new Set(c.formasPago)],
    air: nota ? [] : air,
    ...(c.retencion && !nota
      ? { retencion: { estab: c.retencion.estab, ptoEmi: c.retencion.ptoEmi, secuencial: String(c.retencion.secuencial), autorizacion: c.retencion.autorizacion, fechaEmision: atsDate(c.retencion.fechaEmision) } }
      : {}),
    ...(nota && c.modificado
      ? { modificado: { docModificado: c.modificado.codDoc, estab: c.modificado.estab, ptoEmi: c.modificado.ptoEmi, secuencial: String(c.modificado.secuencial), ...(c.modificado.autorizacion ? { autorizacion: c.modificado.autorizacion } : {}) } }
      : {}),
  };
}

interface VentaGroup {
  refs: DocRef[];
  tpIdCliente: string;
  idCliente: string;
  razonSocial: string;
  tipoComprobante: string;
  count: number;
  bases: AtsBases;
  retIva: Decimal;
  retRenta: Decimal;
  formasPago: Set<string>;
}

/**
 * The month's ATS rows and problems.
 * @example atsRows(month).ventas[0] // { tpIdCliente: '04', tipoComprobante: '18', numeroComprobantes: 2, … }
 */
export function atsRows(month: AtsMonth): AtsRows {
  const problems: AtsProblem[] = [];
  const razonSocial = atsName(month.razonSocial);
  if (!fitsRazonSocial(razonSocial)) problems.push({ code: 'RAZON_SOCIAL_INFORMANTE', severity: 'error', message: `La razón social de la empresa ("${month.razonSocial}") escrita como la admite el ATS ("${razonSocial}") tiene menos de 5 letras o números`, resource: 'company' });
  if (!/^\d{10}001$/.test(month.ruc)) problems.push({ code: 'RUC_INFORMANTE', severity: 'error', message: `El RUC de la empresa (${month.ruc}) no termina en 001`, resource: 'company' });

  const compras = month.compras.map((c) => compraRow(c, month, problems));

  // Ventas grouped per customer and document type (§4.1).
  const groups = new Map<string, VentaGroup>();
  const groupFor = (tp: string, id: string, name: string, tipo: string, ref: DocRef) => {
    const key = `${tp}|${id}|${tipo}`;
    let g = groups.get(key);
    if (!g) {
      g = { refs: [], tpIdCliente: tp, idCliente: id, razonSocial: name, tipoComprobante: tipo, count: 0, bases: zeroBases(), retIva: new Decimal(0), retRenta: new Decimal(0), formasPago: new Set() };
      groups.set(key, g);
    }
    g.refs.push(ref);
    return g;
  };
  const netByEstab = new Map<string, Decimal>();
  let gross = new Decimal(0);
  let net = new Decimal(0);
  for (const v of month.ventas) {
    const tp = tpIdCliente(v.tipoIdentificacion);
    if (!tp) {
      problems.push(problemAt(v.ref, 'CLIENTE_SIN_TIPO_ID', `El comprobante ${v.ref.numero} de ${v.razonSocial} no tiene un tipo de identificación válido para el ATS`));
      continue;
    }
    const g = groupFor(tp, v.identificacion, v.razonSocial, ventaTipoComprobante(v.codDoc), v.ref);
    g.count += 1;
    const b = basesOf(v.impuestos);
    // detalleVentas has no baseImpExe (§7.2): the company setting says where exempt sales go.
    const bases = month.settings.exentasVentas === 'baseNoGraIva' ? { ...b, baseNoGraIva: b.baseNoGraIva.plus(b.baseImpExe), baseImpExe: new Decimal(0) } : { ...b, baseImpExe: new Decimal(0) };
    g.bases = addBases(g.bases, bases);
    if (v.codDoc !== '04') for (const f of v.formasPago) g.formasPago.add(f);
    const sum = bases.baseNoGraIva.plus(bases.baseImponible).plus(bases.baseImpGrav);
    const signed = v.codDoc === '04' ? sum.negated() : sum;
    gross = gross.plus(sum);
    net = net.plus(signed);
    netByEstab.set(v.estab, (netByEstab.get(v.estab) ?? new Decimal(0)).plus(signed));
  }
  for (const r of month.retencionesRecibidas) {
    const g = groupFor('04', r.identificacion, r.razonSocial, '18', r.ref);
    g.retIva = g.retIva.plus(sumLines(r.lineas, '2'));
    g.retRenta = g.retRenta.plus(sumLines(r.lineas, '1'));
  }
  const ventas: VentaRow[] = [...groups.values()].map((g) => {
    const final = g.tpIdCliente === '07';
    const foreign = g.tpIdCliente === '06';
    const denoCli = atsName(g.razonSocial);
    if (foreign && !denoCli) problems.push(problemAt(g.refs[0], 'NOMBRE_NO_TRANSCRIBIBLE', `El nombre del cliente ${g.idCliente} no tiene letras ni números que el ATS admita`));
    return {
      refs: g.refs,
      tpIdCliente: g.tpIdCliente,
      idCliente: g.idCliente,
      ...(final ? {} : { parteRelVtas: 'NO' }),
      // Tabla 14 (01 persona natural, 02 sociedad) only for a passport customer, as OCA does (ATS.md §4).
      ...(foreign ? { tipoCliente: '01', denoCli } : {}),
      tipoComprobante: g.tipoComprobante,
      tipoEmision: 'E' as const,
      numeroComprobantes: g.count,
      baseNoGraIva: m2(g.bases.baseNoGraIva),
      baseImponible: m2(g.bases.baseImponible),
      baseImpGrav: m2(g.bases.baseImpGrav),
      montoIva: m2(g.bases.montoIva),
      montoIce: m2(g.bases.montoIce),
      valorRetIva: m2(g.retIva),
      valorRetRenta: m2(g.retRenta),
      formasPago: [...g.formasPago],
    };
  });

  // Emite issues only electronic comprobantes: with the SRI's reading (F only) the totals are 0.
  const reading = month.settings.totalVentas;
  const totalVentas = reading === 'fisicas' ? new Decimal(0) : reading === 'todas-bruto' ? gross : net;
  const codes = [...new Set([...month.establishments, ...month.ventas.map((v) => v.estab)])].filter((e) => /^\d{3}$/.test(e) && e !== '000').sort();
  const ventasEstablecimiento = codes.map((codEstab) => ({ codEstab, ventasEstab: m2(reading === 'fisicas' ? new Decimal(0) : (netByEstab.get(codEstab) ?? new Decimal(0))) }));

  // §7.4: every annulment in Emite goes through SRI en línea, which the ficha leaves out.
  const anulados: AnuladoRow[] =
    month.settings.anulados === 'todos'
      ? month.anulados.map((a) => ({ refs: [a.ref], tipoComprobante: a.codDoc, establecimiento: a.estab, puntoEmision: a.ptoEmi, secuencialInicio: String(a.secuencial), secuencialFin: String(a.secuencial), autorizacion: a.autorizacion }))
      : [];

  return {
    idInformante: month.ruc,
    razonSocial,
    anio: String(month.year),
    mes: String(month.month).padStart(2, '0'),
    numEstabRuc: String(Math.max(codes.length, 1)).padStart(3, '0'),
    totalVentas: m2(totalVentas),
    compras,
    ventas,
    ventasEstablecimiento,
    anulados,
    problems,
  };
}
