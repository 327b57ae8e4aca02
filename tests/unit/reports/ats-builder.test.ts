/**
 * The ATS builder on worked months (ats-months.ts), each file validated with xmllint against the
 * reference XSD (../shared/sri/xsd/ats/at.xsd) and read back field by field against hand-computed
 * values; March 2026 must be the SRI-valid worked example shared/sri/samples/ats-AT032026.xml.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { REPO_ROOT } from '../../../server/repo-root.ts';
import { buildAtsFile } from '../../../server/domain/reports/ats/build-ats.ts';
import { atsRows } from '../../../server/domain/reports/ats/ats-rows.ts';
import { xmllintValidate } from '../../helpers/xml-tools.ts';
import { aprilMonth, emptyMonth, marchMonth } from './ats-months.ts';

const ATS_XSD = 'ats/at.xsd';
const squeeze = (xml: string) => xml.replace(/>\s+</g, '><').trim();
const parse = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml').documentElement as unknown as Element;
const kids = (el: Element, name: string) => Array.from(el.getElementsByTagName(name));
const text = (el: Element, name: string) => kids(el, name)[0]?.textContent ?? undefined;
/** The direct children of `el` as { name: text } (leaves only). */
const leaves = (el: Element) => Object.fromEntries(Array.from(el.childNodes).filter((n) => n.nodeType === 1 && (n as Element).getElementsByTagName('*').length === 0).map((n) => [(n as Element).tagName, n.textContent]));

describe('ATS of March 2026 (the worked example)', () => {
  const file = buildAtsFile(marchMonth());

  it('is the SRI-valid sample, element for element, and passes xmllint and libxml2-wasm', () => {
    const sample = readFileSync(path.resolve(REPO_ROOT, '../shared/sri/samples/ats-AT032026.xml'), 'utf8');
    expect(squeeze(file.xml)).toBe(squeeze(sample));
    expect(xmllintValidate(file.xml, ATS_XSD)).toMatchObject({ ok: true });
    expect(file).toMatchObject({ fileName: 'AT032026.xml', servable: true, xsdErrors: [], problems: [], totals: { compras: 1, ventas: 1, anulados: 1 } });
  });

  it('writes the purchase with its retención: IVA 30 % in valorRetBienes, renta 312 in air, the transliterated names', () => {
    const iva = parse(file.xml);
    expect(text(iva, 'razonSocial')).toBe('EMITE DEMO SA');
    const compra = leaves(kids(iva, 'detalleCompras')[0]);
    expect(compra).toMatchObject({ codSustento: '01', tpIdProv: '01', idProv: '0990000000001', tipoComprobante: '01', fechaRegistro: '15/03/2026', secuencial: '777', baseImponible: '50.00', baseImpGrav: '200.00', montoIva: '30.00', valorRetBienes: '9.00', valRetBien10: '0.00', valRetServ100: '0.00', secRetencion1: '5', fechaEmiRet1: '15/03/2026' });
    expect(leaves(kids(iva, 'detalleAir')[0])).toEqual({ codRetAir: '312', baseImpAir: '250.00', porcentajeAir: '1.75', valRetAir: '4.38' });
    const venta = leaves(kids(iva, 'detalleVentas')[0]);
    expect(venta).toMatchObject({ tpIdCliente: '04', tipoComprobante: '18', numeroComprobantes: '2', baseImpGrav: '300.00', montoIva: '45.00', valorRetIva: '13.50', valorRetRenta: '5.25' });
  });

  it('follows the company settings: by default totalVentas counts only physical sales and SRI annulments are left out', () => {
    const defaults = buildAtsFile(marchMonth({}));
    const iva = parse(defaults.xml);
    expect(text(iva, 'totalVentas')).toBe('0.00');
    expect(text(iva, 'ventasEstab')).toBe('0.00');
    expect(kids(iva, 'anulados')).toHaveLength(0);
    expect(xmllintValidate(defaults.xml, ATS_XSD)).toMatchObject({ ok: true });
  });
});

describe('ATS of April 2026: a received nota de crédito, sales at 0 % and 15 %, an issued nota', () => {
  it('reports the received NC as its own compra with the modified document and positive amounts', () => {
    const file = buildAtsFile(aprilMonth());
    expect(xmllintValidate(file.xml, ATS_XSD)).toMatchObject({ ok: true });
    expect(file.servable).toBe(true);
    const nc = kids(parse(file.xml), 'detalleCompras')[0];
    expect(leaves(nc)).toMatchObject({ codSustento: '01', tipoComprobante: '04', secuencial: '31', baseImpGrav: '20.00', montoIva: '3.00', docModificado: '01', estabModificado: '002', ptoEmiModificado: '001', secModificado: '777', autModificado: '1403202601099000000000120020010000007771234567818' });
    expect(kids(nc, 'air')).toHaveLength(0);
    expect(kids(nc, 'formasDePago')).toHaveLength(0);
    expect(kids(nc, 'estabRetencion1')).toHaveLength(0);
  });

  it('groups sales per customer and type: 0 % in baseImponible, 15 % in baseImpGrav, the NC its own positive row', () => {
    const iva = parse(buildAtsFile(aprilMonth()).xml);
    const rows = kids(iva, 'detalleVentas').map(leaves);
    expect(rows).toEqual([
      { tpIdCliente: '07', idCliente: '9999999999999', tipoComprobante: '18', tipoEmision: 'E', numeroComprobantes: '1', baseNoGraIva: '0.00', baseImponible: '40.00', baseImpGrav: '0.00', montoIva: '0.00', montoIce: '0.00', valorRetIva: '0.00', valorRetRenta: '0.00' },
      { tpIdCliente: '05', idCliente: '1710034065', parteRelVtas: 'NO', tipoComprobante: '18', tipoEmision: 'E', numeroComprobantes: '1', baseNoGraIva: '0.00', baseImponible: '0.00', baseImpGrav: '100.00', montoIva: '15.00', montoIce: '0.00', valorRetIva: '0.00', valorRetRenta: '0.00' },
      { tpIdCliente: '05', idCliente: '1710034065', parteRelVtas: 'NO', tipoComprobante: '04', tipoEmision: 'E', numeroComprobantes: '1', baseNoGraIva: '0.00', baseImponible: '0.00', baseImpGrav: '10.00', montoIva: '1.50', montoIce: '0.00', valorRetIva: '0.00', valorRetRenta: '0.00' },
    ]);
    // The consumidor final has no parteRelVtas; the NC row no formasDePago.
    expect(kids(kids(iva, 'detalleVentas')[2], 'formasDePago')).toHaveLength(0);
  });

  it('totalVentas: 0 with the SRI reading, 150.00 gross (OCA), 130.00 net of the NC', () => {
    const total = (s: Parameters<typeof aprilMonth>[0]) => text(parse(buildAtsFile(aprilMonth(s)).xml), 'totalVentas');
    expect(total({})).toBe('0.00');
    expect(total({ totalVentas: 'todas-bruto' })).toBe('150.00');
    expect(total({ totalVentas: 'todas-neto' })).toBe('130.00');
    expect(text(parse(buildAtsFile(aprilMonth({ totalVentas: 'todas-neto' })).xml), 'ventasEstab')).toBe('130.00');
  });
});

describe('ATS of an empty month', () => {
  it('is the header and the establishment with 0.00, valid', () => {
    const file = buildAtsFile(emptyMonth());
    expect(xmllintValidate(file.xml, ATS_XSD)).toMatchObject({ ok: true });
    expect(file).toMatchObject({ fileName: 'AT052026.xml', servable: true, totals: { compras: 0, ventas: 0, anulados: 0 } });
    const iva = parse(file.xml);
    expect(kids(iva, 'compras')).toHaveLength(0);
    expect(kids(iva, 'ventas')).toHaveLength(0);
    expect(leaves(kids(iva, 'ventaEst')[0])).toEqual({ codEstab: '001', ventasEstab: '0.00' });
    expect(leaves(iva)).toMatchObject({ TipoIDInformante: 'R', IdInformante: '1790012345001', Anio: '2026', Mes: '05', numEstabRuc: '001', totalVentas: '0.00', codigoOperativo: 'IVA' });
  });
});

describe('problems and the rows at fault', () => {
  it('a purchase without retención has no codSustento: an error naming it, and the file is not servable', () => {
    const month = marchMonth();
    month.compras[0].retencion = null;
    const file = buildAtsFile(month);
    expect(file.problems).toEqual([expect.objectContaining({ code: 'COMPRA_SIN_SUSTENTO', severity: 'error', resource: 'received-document', _id: 'r-777' })]);
    expect(file.servable).toBe(false);
    // The XSD refuses the empty codSustento too, on the purchase's row.
    expect(file.xsdErrors[0]).toMatchObject({ refs: [expect.objectContaining({ _id: 'r-777' })] });
    expect(file.xsdErrors[0].message).toMatch(/codSustento/);
  });

  it('the company setting gives purchases without retención a codSustento', () => {
    const month = marchMonth({ codSustentoSinRetencion: '02', air332SinRetencion: true });
    month.compras[0].retencion = null;
    const file = buildAtsFile(month);
    expect(file.servable).toBe(true);
    const compra = kids(parse(file.xml), 'detalleCompras')[0];
    expect(text(compra, 'codSustento')).toBe('02');
    expect(leaves(kids(compra, 'detalleAir')[0])).toEqual({ codRetAir: '332', baseImpAir: '250.00', porcentajeAir: '0.00', valRetAir: '0.00' });
  });

  it('an IVA withholding percentage the ATS does not know is an error on the retención', () => {
    const month = marchMonth();
    month.compras[0].retencion!.lineas[0].porcentajeRetener = '25';
    expect(atsRows(month).problems).toEqual([expect.objectContaining({ code: 'RETENCION_IVA_PORCENTAJE', resource: 'withholding', _id: 'w-5' })]);
  });
});
