/** A realistic FacturaDocument built through core/totals and core/access-key, for unit tests. */
import { computeInvoiceTotals } from '../../core/totals.ts';
import { buildClaveAcceso } from '../../core/access-key.ts';
import { guayaquilDate, toSriDate } from '../../core/guayaquil-date.ts';
import type { FacturaDocument } from '../../server/domain/comprobantes/factura/factura-document.ts';

export function sampleFactura(opts: { secuencial?: number; lines?: number; fecha?: string; ruc?: string } = {}): FacturaDocument {
  const fecha = opts.fecha ?? guayaquilDate(new Date());
  const ruc = opts.ruc ?? '1790016919001';
  const base = [
    { codigoPrincipal: 'LAP-14', descripcion: 'Laptop 14" — ñandú & <cía>', cantidad: '2', precioUnitario: '850', descuento: '50', codigoPorcentajeIva: '4' },
    { codigoPrincipal: 'LIB-01', descripcion: 'Libro de contabilidad\ncon salto', cantidad: '3', precioUnitario: '12.5', descuento: '0', codigoPorcentajeIva: '0' },
  ];
  const lines = Array.from({ length: opts.lines ?? 2 }, (_, i) => ({ ...base[i % 2], codigoPrincipal: `${base[i % 2].codigoPrincipal}-${i}` }));
  const totals = computeInvoiceTotals({ detalles: lines });
  const secuencial = opts.secuencial ?? 1;
  const claveAcceso = buildClaveAcceso({ fechaEmision: fecha, codDoc: '01', ruc, ambiente: '1', estab: '001', ptoEmi: '001', secuencial, codigoNumerico: '12345678' });
  return {
    version: '1.1.0',
    infoTributaria: {
      ambiente: '1',
      tipoEmision: '1',
      razonSocial: 'Comercial Ñandú S.A.',
      nombreComercial: 'Ñandú',
      ruc,
      claveAcceso,
      codDoc: '01',
      estab: '001',
      ptoEmi: '001',
      secuencial: String(secuencial).padStart(9, '0'),
      dirMatriz: 'Av. Amazonas N34-451, Quito',
      contribuyenteRimpe: 'CONTRIBUYENTE RÉGIMEN RIMPE',
    },
    infoFactura: {
      fechaEmision: toSriDate(fecha),
      dirEstablecimiento: 'Av. Amazonas N34-451, Quito',
      obligadoContabilidad: 'SI',
      tipoIdentificacionComprador: '05',
      razonSocialComprador: 'María Fernanda Lozada',
      identificacionComprador: '1714307103',
      direccionComprador: 'Cuenca',
      totalSinImpuestos: totals.totalSinImpuestos,
      totalDescuento: totals.totalDescuento,
      totalConImpuestos: totals.totalConImpuestos,
      propina: totals.propina,
      importeTotal: totals.importeTotal,
      moneda: 'DOLAR',
      pagos: [
        { formaPago: '19', total: '1000.00', plazo: '30', unidadTiempo: 'dias' },
        { formaPago: '01', total: (Number(totals.importeTotal) - 1000).toFixed(2) },
      ],
    },
    detalles: lines.map((l, i) => ({
      codigoPrincipal: l.codigoPrincipal,
      descripcion: l.descripcion,
      cantidad: l.cantidad,
      precioUnitario: l.precioUnitario,
      descuento: Number(l.descuento).toFixed(2),
      precioTotalSinImpuesto: totals.detalles[i].precioTotalSinImpuesto,
      impuestos: [{ codigo: '2', codigoPorcentaje: l.codigoPorcentajeIva, tarifa: totals.detalles[i].tarifa, baseImponible: totals.detalles[i].baseImponible, valor: totals.detalles[i].valor }],
    })),
    infoAdicional: [
      { nombre: 'Email', valor: 'maria@example.com' },
      { nombre: 'Vendedor', valor: 'Ana' },
    ],
  };
}
