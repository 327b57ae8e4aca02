/**
 * {@link AtsRows} -> the ATS file (`<iva>`, shared/sri/xsd/ats/at.xsd), in the XSD's element order,
 * UTF-8, one element per line, indented like the SRI's examples. Each row's lines are remembered, so
 * that an XSD message ("línea N: …") names the documents of the row at fault.
 */
import { escapeXml } from '../../comprobantes/xml/xml-writer.ts';
import type { DocRef } from './ats-month.ts';
import type { AtsRows, CompraRow, VentaRow } from './ats-rows.ts';

export interface AtsXml {
  xml: string;
  /** Lines (1-based, inclusive) of each row and the documents behind it. */
  rows: Array<{ block: 'compras' | 'ventas' | 'anulados'; from: number; to: number; refs: DocRef[] }>;
}

class Lines {
  readonly out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  el(depth: number, name: string, value: string | number | undefined): void {
    if (value === undefined) return;
    this.out.push(`${'  '.repeat(depth)}<${name}>${escapeXml(String(value))}</${name}>`);
  }
  open(depth: number, name: string): void {
    this.out.push(`${'  '.repeat(depth)}<${name}>`);
  }
  close(depth: number, name: string): void {
    this.out.push(`${'  '.repeat(depth)}</${name}>`);
  }
  get line(): number {
    return this.out.length;
  }
}

function compra(w: Lines, c: CompraRow): void {
  w.open(2, 'detalleCompras');
  w.el(3, 'codSustento', c.codSustento);
  w.el(3, 'tpIdProv', c.tpIdProv);
  w.el(3, 'idProv', c.idProv);
  w.el(3, 'tipoComprobante', c.tipoComprobante);
  w.el(3, 'tipoProv', c.tipoProv);
  w.el(3, 'denoProv', c.denoProv);
  w.el(3, 'parteRel', c.parteRel);
  w.el(3, 'fechaRegistro', c.fechaRegistro);
  w.el(3, 'establecimiento', c.establecimiento);
  w.el(3, 'puntoEmision', c.puntoEmision);
  w.el(3, 'secuencial', c.secuencial);
  w.el(3, 'fechaEmision', c.fechaEmision);
  w.el(3, 'autorizacion', c.autorizacion);
  w.el(3, 'baseNoGraIva', c.baseNoGraIva);
  w.el(3, 'baseImponible', c.baseImponible);
  w.el(3, 'baseImpGrav', c.baseImpGrav);
  w.el(3, 'baseImpExe', c.baseImpExe);
  w.el(3, 'montoIce', c.montoIce);
  w.el(3, 'montoIva', c.montoIva);
  for (const r of c.retIva) w.el(3, r.element, r.value);
  // Local payment (pagoLocExt 01): the rest of pagoExterior is "NA" (ATS.md §6, DIMM's usual output).
  w.open(3, 'pagoExterior');
  w.el(4, 'pagoLocExt', '01');
  w.el(4, 'paisEfecPago', 'NA');
  w.el(4, 'aplicConvDobTrib', 'NA');
  w.el(4, 'pagExtSujRetNorLeg', 'NA');
  w.close(3, 'pagoExterior');
  if (c.formasPago.length) {
    w.open(3, 'formasDePago');
    for (const f of c.formasPago) w.el(4, 'formaPago', f);
    w.close(3, 'formasDePago');
  }
  if (c.air.length) {
    w.open(3, 'air');
    for (const a of c.air) {
      w.open(4, 'detalleAir');
      w.el(5, 'codRetAir', a.codRetAir);
      w.el(5, 'baseImpAir', a.baseImpAir);
      w.el(5, 'porcentajeAir', a.porcentajeAir);
      w.el(5, 'valRetAir', a.valRetAir);
      w.close(4, 'detalleAir');
    }
    w.close(3, 'air');
  }
  if (c.retencion) {
    w.el(3, 'estabRetencion1', c.retencion.estab);
    w.el(3, 'ptoEmiRetencion1', c.retencion.ptoEmi);
    w.el(3, 'secRetencion1', c.retencion.secuencial);
    w.el(3, 'autRetencion1', c.retencion.autorizacion);
    w.el(3, 'fechaEmiRet1', c.retencion.fechaEmision);
  }
  if (c.modificado) {
    w.el(3, 'docModificado', c.modificado.docModificado);
    w.el(3, 'estabModificado', c.modificado.estab);
    w.el(3, 'ptoEmiModificado', c.modificado.ptoEmi);
    w.el(3, 'secModificado', c.modificado.secuencial);
    w.el(3, 'autModificado', c.modificado.autorizacion);
  }
  w.close(2, 'detalleCompras');
}

function venta(w: Lines, v: VentaRow): void {
  w.open(2, 'detalleVentas');
  w.el(3, 'tpIdCliente', v.tpIdCliente);
  w.el(3, 'idCliente', v.idCliente);
  w.el(3, 'parteRelVtas', v.parteRelVtas);
  w.el(3, 'tipoCliente', v.tipoCliente);
  w.el(3, 'denoCli', v.denoCli);
  w.el(3, 'tipoComprobante', v.tipoComprobante);
  w.el(3, 'tipoEmision', v.tipoEmision);
  w.el(3, 'numeroComprobantes', v.numeroComprobantes);
  w.el(3, 'baseNoGraIva', v.baseNoGraIva);
  w.el(3, 'baseImponible', v.baseImponible);
  w.el(3, 'baseImpGrav', v.baseImpGrav);
  w.el(3, 'montoIva', v.montoIva);
  w.el(3, 'montoIce', v.montoIce);
  w.el(3, 'valorRetIva', v.valorRetIva);
  w.el(3, 'valorRetRenta', v.valorRetRenta);
  if (v.formasPago.length) {
    w.open(3, 'formasDePago');
    for (const f of v.formasPago) w.el(4, 'formaPago', f);
    w.close(3, 'formasDePago');
  }
  w.close(2, 'detalleVentas');
}

/**
 * The XML text of the ATS and the line span of each row.
 * @example writeAtsXml(atsRows(month)).xml.startsWith('<?xml') // true
 */
export function writeAtsXml(r: AtsRows): AtsXml {
  const w = new Lines();
  const rows: AtsXml['rows'] = [];
  w.open(0, 'iva');
  w.el(1, 'TipoIDInformante', 'R');
  w.el(1, 'IdInformante', r.idInformante);
  w.el(1, 'razonSocial', r.razonSocial);
  w.el(1, 'Anio', r.anio);
  w.el(1, 'Mes', r.mes);
  w.el(1, 'numEstabRuc', r.numEstabRuc);
  w.el(1, 'totalVentas', r.totalVentas);
  w.el(1, 'codigoOperativo', 'IVA');
  if (r.compras.length) {
    w.open(1, 'compras');
    for (const c of r.compras) {
      const from = w.line + 1;
      compra(w, c);
      rows.push({ block: 'compras', from, to: w.line, refs: c.refs });
    }
    w.close(1, 'compras');
  }
  if (r.ventas.length) {
    w.open(1, 'ventas');
    for (const v of r.ventas) {
      const from = w.line + 1;
      venta(w, v);
      rows.push({ block: 'ventas', from, to: w.line, refs: v.refs });
    }
    w.close(1, 'ventas');
  }
  if (r.ventasEstablecimiento.length) {
    w.open(1, 'ventasEstablecimiento');
    for (const e of r.ventasEstablecimiento) {
      w.open(2, 'ventaEst');
      w.el(3, 'codEstab', e.codEstab);
      w.el(3, 'ventasEstab', e.ventasEstab);
      w.close(2, 'ventaEst');
    }
    w.close(1, 'ventasEstablecimiento');
  }
  if (r.anulados.length) {
    w.open(1, 'anulados');
    for (const a of r.anulados) {
      const from = w.line + 1;
      w.open(2, 'detalleAnulados');
      w.el(3, 'tipoComprobante', a.tipoComprobante);
      w.el(3, 'establecimiento', a.establecimiento);
      w.el(3, 'puntoEmision', a.puntoEmision);
      w.el(3, 'secuencialInicio', a.secuencialInicio);
      w.el(3, 'secuencialFin', a.secuencialFin);
      w.el(3, 'autorizacion', a.autorizacion);
      w.close(2, 'detalleAnulados');
      rows.push({ block: 'anulados', from, to: w.line, refs: a.refs });
    }
    w.close(1, 'anulados');
  }
  w.close(0, 'iva');
  return { xml: `${w.out.join('\n')}\n`, rows };
}

/** The documents of the rows that hold `line` (1-based), for an XSD message at that line. */
export function refsAtLine(rows: AtsXml['rows'], line: number): DocRef[] {
  return rows.find((r) => line >= r.from && line <= r.to)?.refs ?? [];
}

/** `ATmmaaaa.xml` (ATS.md §1). */
export const atsFileName = (year: number, month: number) => `AT${String(month).padStart(2, '0')}${year}.xml`;
