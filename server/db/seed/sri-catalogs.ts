/**
 * SRI reference tables seeded as catalog tables. Values from shared/sri/SRI.md (SRI ficha técnica
 * offline v2.3x: tabla 3 codDoc, tabla 4 ambiente, tabla 2 tipoEmision, tabla 6 tipo de
 * identificación, tabla 16 impuesto, tabla 17 tarifas de IVA with validity, tabla 24 formas de pago).
 * Rates are data with validity dates, so a new rate is a catalog edit, not a release.
 */
export interface CatalogSeed {
  name: string;
  title: string;
  description: string;
  entries: Array<{ code: string; name: string; data?: Record<string, unknown>; active?: boolean }>;
}

export const SRI_CATALOGS: CatalogSeed[] = [
  {
    name: 'tipo_identificacion',
    title: 'Tipo de identificación',
    description: 'SRI tabla 6: tipo de identificación del comprador',
    entries: [
      { code: '04', name: 'RUC' },
      { code: '05', name: 'CÉDULA' },
      { code: '06', name: 'PASAPORTE' },
      { code: '07', name: 'VENTA A CONSUMIDOR FINAL', data: { identificacion: '9999999999999' } },
      { code: '08', name: 'IDENTIFICACIÓN DEL EXTERIOR' },
    ],
  },
  {
    name: 'tipo_comprobante',
    title: 'Tipo de comprobante',
    description: 'SRI tabla 3: codDoc',
    entries: [
      { code: '01', name: 'FACTURA' },
      { code: '03', name: 'LIQUIDACIÓN DE COMPRA DE BIENES Y PRESTACIÓN DE SERVICIOS' },
      { code: '04', name: 'NOTA DE CRÉDITO' },
      { code: '05', name: 'NOTA DE DÉBITO' },
      { code: '06', name: 'GUÍA DE REMISIÓN' },
      { code: '07', name: 'COMPROBANTE DE RETENCIÓN' },
    ],
  },
  {
    name: 'impuesto',
    title: 'Impuestos',
    description: 'SRI tabla 16: código de impuesto',
    entries: [
      { code: '2', name: 'IVA' },
      { code: '3', name: 'ICE' },
      { code: '5', name: 'IRBPNR' },
    ],
  },
  {
    name: 'tarifa_iva',
    title: 'Tarifas de IVA',
    description: 'SRI tabla 17: codigoPorcentaje de IVA y su tarifa (%), con vigencia',
    entries: [
      { code: '0', name: '0 %', data: { tarifa: 0 } },
      { code: '2', name: '12 %', data: { tarifa: 12, validTo: '2024-03-31' }, active: false },
      { code: '3', name: '14 %', data: { tarifa: 14, validFrom: '2016-06-01', validTo: '2017-05-31' }, active: false },
      { code: '4', name: '15 %', data: { tarifa: 15, validFrom: '2024-04-01' } },
      { code: '5', name: '5 %', data: { tarifa: 5 } },
      { code: '6', name: 'No objeto de impuesto', data: { tarifa: 0 } },
      { code: '7', name: 'Exento de IVA', data: { tarifa: 0 } },
      { code: '8', name: 'IVA diferenciado 8 %', data: { tarifa: 8 } },
      { code: '10', name: '13 %', data: { tarifa: 13 } },
    ],
  },
  {
    name: 'forma_pago',
    title: 'Formas de pago',
    description: 'SRI tabla 24: formas de pago',
    entries: [
      { code: '01', name: 'SIN UTILIZACIÓN DEL SISTEMA FINANCIERO' },
      { code: '15', name: 'COMPENSACIÓN DE DEUDAS' },
      { code: '16', name: 'TARJETA DE DÉBITO' },
      { code: '17', name: 'DINERO ELECTRÓNICO' },
      { code: '18', name: 'TARJETA PREPAGO' },
      { code: '19', name: 'TARJETA DE CRÉDITO' },
      { code: '20', name: 'OTROS CON UTILIZACIÓN DEL SISTEMA FINANCIERO' },
      { code: '21', name: 'ENDOSO DE TÍTULOS' },
    ],
  },
  {
    name: 'ambiente',
    title: 'Ambiente',
    description: 'SRI tabla 4: ambiente',
    entries: [
      { code: '1', name: 'PRUEBAS' },
      { code: '2', name: 'PRODUCCIÓN' },
    ],
  },
  {
    name: 'tipo_emision',
    title: 'Tipo de emisión',
    description: 'SRI tabla 2: tipo de emisión (la contingencia, 2, ya no se acepta)',
    entries: [{ code: '1', name: 'EMISIÓN NORMAL' }],
  },
  {
    name: 'unidad_tiempo',
    title: 'Unidad de tiempo (plazo de pago)',
    description: 'Unidades de tiempo para el plazo de un pago',
    entries: [
      { code: 'dias', name: 'Días' },
      { code: 'meses', name: 'Meses' },
      { code: 'anios', name: 'Años' },
    ],
  },
];
