/**
 * Worked months for the ATS and forms tests, values computed by hand in the comments.
 * March 2026 is shared/sri/samples/ats-AT032026.xml (ATS.md §6) as Emite's gatherer would read it.
 */
import { ATS_SETTINGS_DEFAULTS, type AtsSettings } from '../../../core/ats-settings.ts';
import type { AtsCompra, AtsMonth, AtsVenta, DocRef } from '../../../server/domain/reports/ats/ats-month.ts';
import type { FormDoc, FormsMonth } from '../../../server/domain/reports/forms/form-month.ts';

const doc = (resource: string, _id: string, numero: string, fechaEmision: string, identificacion: string, razonSocial: string): FormDoc => ({ resource, _id, numero, fechaEmision, identificacion, razonSocial });
const iva = (codigoPorcentaje: string, base: string, valor: string) => ({ codigo: '2', codigoPorcentaje, baseImponible: base, valor });

export const SUPPLIER = { ruc: '0990000000001', name: 'Distribuidora Ñandú & Cía. S.A.' };
export const CUSTOMER = { ruc: '1790011111001', name: 'Cliente Uno S.A.' };

/** The purchase: 200.00 at 15 % (IVA 30.00) + 50.00 at 0 %; our retención 001-001-5: IVA 30 % = 9.00, renta 312 at 1.75 % on 250.00 = 4.38. */
export const marchCompra = (): AtsCompra & { ref: FormDoc } => ({
  ref: doc('received-document', 'r-777', '002-001-000000777', '2026-03-14', SUPPLIER.ruc, SUPPLIER.name),
  codDoc: '01',
  tipoIdentificacion: '04',
  identificacion: SUPPLIER.ruc,
  razonSocial: SUPPLIER.name,
  estab: '002',
  ptoEmi: '001',
  secuencial: 777,
  fechaEmision: '2026-03-14',
  autorizacion: '1403202601099000000000120020010000007771234567818',
  impuestos: [iva('4', '200.00', '30.00'), iva('0', '50.00', '0.00')],
  importeTotal: '280.00',
  formasPago: ['20'],
  retencion: {
    ref: doc('withholding', 'w-5', '001-001-000000005', '2026-03-15', SUPPLIER.ruc, SUPPLIER.name),
    codSustento: '01',
    parteRel: 'NO',
    estab: '001',
    ptoEmi: '001',
    secuencial: 5,
    autorizacion: '1503202607179001234500120010010000000051234567810',
    fechaEmision: '2026-03-15',
    lineas: [
      { codigo: '2', codigoRetencion: '1', baseImponible: '30.00', porcentajeRetener: '30', valorRetenido: '9.00' },
      { codigo: '1', codigoRetencion: '312', baseImponible: '250.00', porcentajeRetener: '1.75', valorRetenido: '4.38' },
    ],
  },
});

const factura = (id: string, secuencial: number): AtsVenta & { ref: FormDoc } => ({
  ref: doc('invoice', id, `001-001-${String(secuencial).padStart(9, '0')}`, '2026-03-10', CUSTOMER.ruc, CUSTOMER.name),
  codDoc: '01',
  tipoIdentificacion: '04',
  identificacion: CUSTOMER.ruc,
  razonSocial: CUSTOMER.name,
  estab: '001',
  impuestos: [iva('4', '150.00', '22.50')],
  formasPago: ['20'],
});

/** The customer's retención on the two facturas: IVA 30 % of 45.00 = 13.50, renta 1.75 % of 300.00 = 5.25. */
const retencionRecibida = () => ({
  ref: doc('received-document', 'rr-9', '001-001-000000009', '2026-03-20', CUSTOMER.ruc, CUSTOMER.name),
  identificacion: CUSTOMER.ruc,
  razonSocial: CUSTOMER.name,
  lineas: [
    { codigo: '2', codigoRetencion: '1', baseImponible: '45.00', porcentajeRetener: '30', valorRetenido: '13.50' },
    { codigo: '1', codigoRetencion: '312', baseImponible: '300.00', porcentajeRetener: '1.75', valorRetenido: '5.25' },
  ],
});

const anulado = { ref: { resource: 'invoice', _id: 'f-12', numero: '001-001-000000012' } as DocRef, codDoc: '01', estab: '001', ptoEmi: '001', secuencial: 12, autorizacion: '2003202601179001234500120010010000000121234567811' };

const base = (settings: Partial<AtsSettings>): Omit<AtsMonth, 'compras' | 'ventas' | 'retencionesRecibidas' | 'anulados'> => ({
  ruc: '1790012345001',
  razonSocial: 'Emite Demo S.A.',
  year: 2026,
  month: 3,
  establishments: ['001'],
  settings: { ...ATS_SETTINGS_DEFAULTS, ...settings },
});

/** March 2026 as in the sample: with the readings the sample chose (all sales in totalVentas, anulados reported). */
export function marchMonth(settings: Partial<AtsSettings> = { totalVentas: 'todas-bruto', anulados: 'todos' }): AtsMonth & FormsMonth {
  const compra = marchCompra();
  return {
    ...base(settings),
    compras: [compra],
    ventas: [factura('f-1', 1), factura('f-2', 2)],
    retencionesRecibidas: [retencionRecibida()],
    anulados: [anulado],
    retencionesEmitidas: [{ ref: compra.retencion!.ref as FormDoc, lineas: compra.retencion!.lineas }],
    conceptosRenta: { '312': 'Transferencia de bienes muebles de naturaleza corporal' },
  };
}

/**
 * April 2026: the supplier's nota de crédito 002-001-000000031 on factura 777 (20.00 at 15 %, IVA
 * 3.00); a factura at 0 % to a consumidor final (40.00); a factura at 15 % to a cédula (100.00 +
 * 15.00) and our nota de crédito to that customer (10.00 + 1.50).
 */
export function aprilMonth(settings: Partial<AtsSettings> = {}): AtsMonth & FormsMonth {
  const cedula = { id: '1710034065', name: 'José Pérez' };
  return {
    ...base(settings),
    month: 4,
    compras: [
      {
        ref: doc('received-document', 'nc-31', '002-001-000000031', '2026-04-03', SUPPLIER.ruc, SUPPLIER.name),
        codDoc: '04',
        tipoIdentificacion: '04',
        identificacion: SUPPLIER.ruc,
        razonSocial: SUPPLIER.name,
        estab: '002',
        ptoEmi: '001',
        secuencial: 31,
        fechaEmision: '2026-04-03',
        autorizacion: '0304202604099000000000120020010000000311234567811',
        impuestos: [iva('4', '20.00', '3.00')],
        importeTotal: '23.00',
        formasPago: [],
        retencion: null,
        modificado: { codDoc: '01', estab: '002', ptoEmi: '001', secuencial: 777, autorizacion: '1403202601099000000000120020010000007771234567818' },
        codSustentoModificado: '01',
      },
    ],
    ventas: [
      { ref: doc('invoice', 'f-20', '001-001-000000020', '2026-04-05', '9999999999999', 'CONSUMIDOR FINAL'), codDoc: '01', tipoIdentificacion: '07', identificacion: '9999999999999', razonSocial: 'CONSUMIDOR FINAL', estab: '001', impuestos: [iva('0', '40.00', '0.00')], formasPago: ['01'] },
      { ref: doc('invoice', 'f-21', '001-001-000000021', '2026-04-06', cedula.id, cedula.name), codDoc: '01', tipoIdentificacion: '05', identificacion: cedula.id, razonSocial: cedula.name, estab: '001', impuestos: [iva('4', '100.00', '15.00')], formasPago: ['19'] },
      { ref: doc('credit-note', 'nc-1', '001-001-000000001', '2026-04-08', cedula.id, cedula.name), codDoc: '04', tipoIdentificacion: '05', identificacion: cedula.id, razonSocial: cedula.name, estab: '001', impuestos: [iva('4', '10.00', '1.50')], formasPago: [] },
    ],
    retencionesRecibidas: [],
    anulados: [],
    retencionesEmitidas: [],
    conceptosRenta: {},
  };
}

/** May 2026: nothing happened. */
export function emptyMonth(settings: Partial<AtsSettings> = {}): AtsMonth & FormsMonth {
  return { ...base(settings), month: 5, compras: [], ventas: [], retencionesRecibidas: [], anulados: [], retencionesEmitidas: [], conceptosRenta: {} };
}
