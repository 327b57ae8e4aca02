/**
 * An issued comprobante read as a document (issue 28): what the view shows from each type's record
 * (GET /api/<type>/:id), as text a person reads: money as $ 1,234.50, dates dd/mm/aaaa.
 */
import { describe, expect, it } from 'vitest';
import { destinatarios, headerFacts, infoFacts, lineRows, motivoRows, pagoRows, retencionRows, totalRows } from '../../../src/renderers/comprobante/issued/issued-document-model.ts';

const factura = {
  codDoc: '01', estab: '001', ptoEmi: '002', fechaEmision: '2026-11-20', razonSocialComprador: 'María Fernanda Lozada', identificacionComprador: '1714307103',
  detalles: [
    { codigoPrincipal: 'MOU-01', descripcion: 'Mouse inalámbrico', cantidad: 2, precioUnitario: 18.5, descuento: 0, codigoPorcentajeIva: '4', tarifa: '15', precioTotalSinImpuesto: 37, valorIva: 5.55 },
    { codigoPrincipal: 'LIB-01', descripcion: 'Libro', cantidad: 1.5, precioUnitario: 0.123456, descuento: 2.5, codigoPorcentajeIva: '0', tarifa: '0', precioTotalSinImpuesto: 1234.5, valorIva: 0 },
  ],
  pagos: [{ formaPago: '20', total: 1276.05, plazo: 30, unidadTiempo: 'dias' }],
  infoAdicional: [{ nombre: 'Dirección', valor: 'Av. Amazonas' }],
  totalConImpuestos: [
    { codigo: '2', codigoPorcentaje: '4', tarifa: 15, baseImponible: 37, valor: 5.55 },
    { codigo: '2', codigoPorcentaje: '0', tarifa: 0, baseImponible: 1234.5, valor: 0 },
  ],
  totalSinImpuestos: 1271.5, totalDescuento: 2.5, importeTotal: 1277.05,
};
const ivaLabel = (c: unknown) => ({ '4': '15 %', '0': '0 %' })[String(c)] ?? String(c);

describe('the issued document view', () => {
  it('heads a factura with its client, date and emission point, and lists its lines as text', () => {
    expect(headerFacts(factura)).toEqual([
      { label: 'Cliente', value: 'María Fernanda Lozada (1714307103)' },
      { label: 'Fecha de emisión', value: '20/11/2026' },
      { label: 'Establecimiento y punto de emisión', value: '001-002' },
    ]);
    expect(lineRows(factura, ivaLabel)).toEqual([
      ['MOU-01', 'Mouse inalámbrico', '2', '$ 18.50', '$ 0.00', '15 %', '$ 37.00'],
      ['LIB-01', 'Libro', '1.5', '$ 0.123456', '$ 2.50', '0 %', '$ 1,234.50'],
    ]);
    expect(pagoRows(factura, (c) => (c === '20' ? 'Otros con utilización del sistema financiero' : String(c)))).toEqual([['Otros con utilización del sistema financiero', '$ 1,276.05', '30 días']]);
    expect(infoFacts(factura)).toEqual([{ label: 'Dirección', value: 'Av. Amazonas' }]);
  });

  it('totals a factura as the RIDE does: base per rate, subtotal, discount, IVA, total', () => {
    expect(totalRows(factura)).toEqual([
      { label: 'Subtotal 15 %', value: '$ 37.00' },
      { label: 'Subtotal 0 %', value: '$ 1,234.50' },
      { label: 'Subtotal sin impuestos', value: '$ 1,271.50' },
      { label: 'Descuento', value: '$ 2.50' },
      { label: 'IVA 15 %', value: '$ 5.55' },
      { label: 'Valor total', value: '$ 1,277.05', strong: true },
    ]);
  });

  it('names the modified factura and the motivo on a nota de crédito, and its total as the modification', () => {
    const nota = { ...factura, codDoc: '04', invoice: 'f-7', numDocModificado: '001-001-000000007', fechaEmisionDocSustento: '02/11/2026', motivo: 'Devolución', totalDescuento: 0 };
    expect(headerFacts(nota).slice(3)).toEqual([
      { label: 'Factura que modifica', value: '001-001-000000007', invoice: 'f-7' },
      { label: 'Fecha de la factura', value: '02/11/2026' },
      { label: 'Motivo', value: 'Devolución' },
    ]);
    expect(totalRows(nota).at(-1)).toEqual({ label: 'Valor de la modificación', value: '$ 1,277.05', strong: true });
    expect(totalRows(nota).map((t) => t.label)).not.toContain('Descuento');
  });

  it('lists a nota de débito razones', () => {
    expect(motivoRows({ codDoc: '05', motivos: [{ razon: 'Interés por mora', valor: 12.3 }] })).toEqual([['Interés por mora', '$ 12.30']]);
  });

  it('reads a guía by its carrier and each destinatario with its goods, and shows no totals', () => {
    const guia = {
      codDoc: '06', estab: '001', ptoEmi: '001', razonSocialTransportista: 'Transportes Andinos', rucTransportista: '1790012345001', placa: 'PBA-1234', dirPartida: 'Quito', fechaIniTransporte: '2026-11-20', fechaFinTransporte: '2026-11-21',
      destinatarios: [{ razonSocial: 'María Lozada', identificacion: '1714307103', direccion: 'Cuenca', motivoTraslado: 'Venta', codDocSustento: '01', numDocSustento: '001001000000001', fechaEmisionDocSustento: '19/11/2026', detalles: [{ codigoInterno: 'MOU-01', descripcion: 'Mouse', cantidad: 2 }] }],
    };
    expect(headerFacts(guia).map((f) => `${f.label}: ${f.value}`)).toEqual([
      'Transportista: Transportes Andinos (1790012345001)', 'Placa: PBA-1234', 'Dirección de partida: Quito', 'Inicio del transporte: 20/11/2026', 'Fin del transporte: 21/11/2026', 'Establecimiento y punto de emisión: 001-001',
    ]);
    const [d] = destinatarios(guia);
    // The sustento as the XML carries it (15 digits, dd/mm/aaaa) reads as people write it.
    expect(d.facts.map((f) => f.value)).toEqual(['María Lozada (1714307103)', 'Cuenca', 'Venta', 'Factura 001-001-000000001', '19/11/2026']);
    expect(d.goods).toEqual([['MOU-01', 'Mouse', '2']]);
    expect(totalRows(guia)).toEqual([]);
  });

  it('lists a retención per withholding with its document, tax, code, base, % and value, under its total', () => {
    const retencion = {
      codDoc: '07', estab: '001', ptoEmi: '001', fechaEmision: '2026-11-20', razonSocialSujetoRetenido: 'Proveedor S.A.', identificacionSujetoRetenido: '1790011111001', periodoFiscal: '11/2026', totalRetenido: 11.8,
      docsSustento: [{ codDocSustento: '01', numDocSustento: '002001000000045', fechaEmisionDocSustento: '18/11/2026', retenciones: [
        { codigo: '1', codigoRetencion: '3440', baseImponible: 100, porcentajeRetener: 2.75, valorRetenido: 2.75 },
        { codigo: '2', codigoRetencion: '1', baseImponible: 15, porcentajeRetener: 30, valorRetenido: 4.5 },
      ] }],
    };
    expect(headerFacts(retencion)[0]).toEqual({ label: 'Sujeto retenido', value: 'Proveedor S.A. (1790011111001)' });
    expect(retencionRows(retencion)).toEqual([
      ['Factura 002-001-000000045', '18/11/2026', 'Renta', '3440', '$ 100.00', '2.75 %', '$ 2.75'],
      ['Factura 002-001-000000045', '18/11/2026', 'IVA', '1', '$ 15.00', '30 %', '$ 4.50'],
    ]);
    expect(totalRows(retencion)).toEqual([{ label: 'Total retenido', value: '$ 11.80', strong: true }]);
  });
});
