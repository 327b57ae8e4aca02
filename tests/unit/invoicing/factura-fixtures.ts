/**
 * Hand-computed FacturaDocuments for the XML builder and signer tests: one line without any optional
 * field, five lines over every IVA kind with every optional field, and the 15-campoAdicional limit.
 */
import { buildClaveAcceso } from '../../../core/access-key.ts';
import type { FacturaDocument } from '../../../server/domain/comprobantes/factura/factura-document.ts';

const RUC = '1790016919001';

function claveAcceso(secuencial: number): string {
  return buildClaveAcceso({ fechaEmision: '2026-11-20', codDoc: '01', ruc: RUC, ambiente: '1', estab: '001', ptoEmi: '002', secuencial, codigoNumerico: '87654321' });
}

/** One line at 15 % to a consumidor final: only required elements. */
export function minimalFactura(secuencial = 1): FacturaDocument {
  return {
    version: '1.1.0',
    infoTributaria: {
      ambiente: '1',
      tipoEmision: '1',
      razonSocial: 'FERRETERIA EL CLAVO CIA. LTDA.',
      ruc: RUC,
      claveAcceso: claveAcceso(secuencial),
      codDoc: '01',
      estab: '001',
      ptoEmi: '002',
      secuencial: String(secuencial).padStart(9, '0'),
      dirMatriz: 'AV. 10 DE AGOSTO N21-12 Y JORGE WASHINGTON, QUITO',
    },
    infoFactura: {
      fechaEmision: '20/11/2026',
      tipoIdentificacionComprador: '07',
      razonSocialComprador: 'CONSUMIDOR FINAL',
      identificacionComprador: '9999999999999',
      totalSinImpuestos: '20.00',
      totalDescuento: '0.00',
      totalConImpuestos: [{ codigo: '2', codigoPorcentaje: '4', baseImponible: '20.00', valor: '3.00' }],
      propina: '0.00',
      importeTotal: '23.00',
      moneda: 'DOLAR',
      pagos: [{ formaPago: '01', total: '23.00' }],
    },
    detalles: [
      {
        codigoPrincipal: 'MART-16',
        descripcion: 'Martillo de uña 16 oz',
        cantidad: '1',
        precioUnitario: '20',
        descuento: '0.00',
        precioTotalSinImpuesto: '20.00',
        impuestos: [{ codigo: '2', codigoPorcentaje: '4', tarifa: '15', baseImponible: '20.00', valor: '3.00' }],
      },
    ],
  };
}

/**
 * Five lines: 15 % (code 4) with a line discount and 6-decimal quantity, 0 % (0), 5 % (5), no objeto
 * (6) and exento (7); every optional element of the FacturaDocument set, text that needs escaping.
 */
export function fullFactura(secuencial = 2): FacturaDocument {
  const iva = (codigoPorcentaje: string, tarifa: string, baseImponible: string, valor: string) => [{ codigo: '2', codigoPorcentaje, tarifa, baseImponible, valor }];
  return {
    version: '1.1.0',
    infoTributaria: {
      ambiente: '1',
      tipoEmision: '1',
      razonSocial: 'ALMACENES "EL ÑANDÚ" & ASOCIADOS S.A.',
      nombreComercial: 'El Ñandú <Matriz>',
      ruc: RUC,
      claveAcceso: claveAcceso(secuencial),
      codDoc: '01',
      estab: '001',
      ptoEmi: '002',
      secuencial: String(secuencial).padStart(9, '0'),
      dirMatriz: 'Av. Amazonas N34-451\ny Av. Atahualpa,\tQuito',
      agenteRetencion: '1',
      contribuyenteRimpe: 'CONTRIBUYENTE RÉGIMEN RIMPE',
    },
    infoFactura: {
      fechaEmision: '20/11/2026',
      dirEstablecimiento: 'Av. de los Shyris y Naciones Unidas',
      contribuyenteEspecial: '5368',
      obligadoContabilidad: 'SI',
      tipoIdentificacionComprador: '04',
      guiaRemision: '001-001-000000123',
      razonSocialComprador: "O'Higgins Distribuciones Cía. Ltda.",
      identificacionComprador: '0190072002001',
      direccionComprador: 'Gran Colombia 7-52, Cuenca',
      totalSinImpuestos: '187.05',
      totalDescuento: '10.00',
      totalConImpuestos: [
        { codigo: '2', codigoPorcentaje: '4', descuentoAdicional: '0.00', baseImponible: '140.00', tarifa: '15', valor: '21.00' },
        { codigo: '2', codigoPorcentaje: '0', baseImponible: '7.05', tarifa: '0', valor: '0.00' },
        { codigo: '2', codigoPorcentaje: '5', baseImponible: '20.00', tarifa: '5', valor: '1.00' },
        { codigo: '2', codigoPorcentaje: '6', baseImponible: '12.00', tarifa: '0', valor: '0.00' },
        { codigo: '2', codigoPorcentaje: '7', baseImponible: '8.00', tarifa: '0', valor: '0.00' },
      ],
      propina: '0.00',
      importeTotal: '209.05',
      moneda: 'DOLAR',
      pagos: [
        { formaPago: '19', total: '109.05', plazo: '3', unidadTiempo: 'meses' },
        { formaPago: '01', total: '100.00' },
      ],
    },
    detalles: [
      {
        codigoPrincipal: 'SERV-01',
        codigoAuxiliar: 'CONS-H',
        descripcion: 'Consultoría <tributaria> & contable,\r\n1.5 horas',
        cantidad: '1.5',
        precioUnitario: '100.000000',
        descuento: '10.00',
        precioTotalSinImpuesto: '140.00',
        impuestos: iva('4', '15.00', '140.00', '21.00'),
      },
      { codigoPrincipal: 'ARROZ-2', descripcion: 'Arroz flor 2 kg', cantidad: '3', precioUnitario: '2.35', descuento: '0.00', precioTotalSinImpuesto: '7.05', impuestos: iva('0', '0', '7.05', '0.00') },
      { codigoPrincipal: 'MED-05', descripcion: 'Producto con IVA 5 %', cantidad: '2', precioUnitario: '10', descuento: '0.00', precioTotalSinImpuesto: '20.00', impuestos: iva('5', '5', '20.00', '1.00') },
      { codigoPrincipal: 'NOOBJ', descripcion: 'Servicio no objeto de IVA', cantidad: '1', precioUnitario: '12', descuento: '0.00', precioTotalSinImpuesto: '12.00', impuestos: iva('6', '0', '12.00', '0.00') },
      { codigoPrincipal: 'EXENTO', descripcion: 'Bien exento de IVA', cantidad: '1', precioUnitario: '8', descuento: '0.00', precioTotalSinImpuesto: '8.00', impuestos: iva('7', '0', '8.00', '0.00') },
    ],
    infoAdicional: [
      { nombre: 'Email', valor: 'compras@ohiggins.ec' },
      { nombre: 'Teléfono', valor: '07 283 1234' },
      { nombre: 'Observación', valor: 'Entregar en bodega "B" & llamar antes' },
    ],
  };
}

/** The minimal factura with the XSD's maximum of 15 campoAdicional. */
export function facturaWith15Adicionales(secuencial = 3): FacturaDocument {
  return { ...minimalFactura(secuencial), infoAdicional: Array.from({ length: 15 }, (_, i) => ({ nombre: `Campo ${i + 1}`, valor: `Valor ${i + 1}` })) };
}
