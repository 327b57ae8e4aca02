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
  // Comprobante de retención 2.0.0 (SRI.md "Comprobante de retención"). Each rate entry's `data.rates`
  // is its history [{percent, validFrom?, validTo?}] (core/withholding-rates.ts rateInForce picks the
  // one in force on the retención's date); staff edit them in Administración > Catálogos.
  // Sources: IVA codes and percentages (9 10 %, 10 20 %, 1 30 %, 11 50 %, 2 70 %, 3 100 %, 7 0 %) from
  // SRI.md (ficha técnica, tabla 20); 8 "no procede" from the same table (secondary sources agree).
  // Renta: the table of resolución NAC-DGERCGC24-00000008 (in force 2024-01-01) and its replacement
  // NAC-DGERCGC26-00000009 (in force 2026-03-01), as several independent public implementations
  // publish them (sourced: 303 10; 303A 5 from 2026; 304 8 -> 10; 307 2 -> 3; 309 1.75 -> 3; 310 1;
  // 312 1.75 -> 2; 312A 1; 312C 1.75; 320 8 -> 10; 322 1.75 -> 2; 323 2; 332 0; 343 1; 3440 2.75 -> 3;
  // 3482 5 from 2026). Best knowledge, not confirmed by a source: 303A 3 % and 3482 3 % before
  // 2026-03-01, 308 10 %, and that 323, 310, 312A, 312C did not change in 2026. SRI.md dates the 312
  // change "2026"; the sources say 1 March 2026, used here. 343C is left out (no source found).
  {
    name: 'retencion_renta',
    title: 'Retenciones de impuesto a la renta',
    description: 'SRI: códigos de retención en la fuente del impuesto a la renta (codigo 1) y su porcentaje con vigencia (data.rates)',
    entries: [
      { code: '303', name: 'Honorarios profesionales y demás pagos por servicios relacionados con el título profesional', data: { rates: [{ percent: 10, validFrom: '2024-01-01' }] } },
      { code: '303A', name: 'Servicios profesionales prestados por sociedades residentes', data: { rates: [{ percent: 3, validFrom: '2024-01-01', validTo: '2026-02-28' }, { percent: 5, validFrom: '2026-03-01' }] } },
      { code: '304', name: 'Servicios en que predomina el intelecto no relacionados con el título profesional', data: { rates: [{ percent: 8, validFrom: '2024-01-01', validTo: '2026-02-28' }, { percent: 10, validFrom: '2026-03-01' }] } },
      { code: '307', name: 'Servicios en que predomina la mano de obra', data: { rates: [{ percent: 2, validFrom: '2024-01-01', validTo: '2026-02-28' }, { percent: 3, validFrom: '2026-03-01' }] } },
      { code: '308', name: 'Utilización o aprovechamiento de la imagen o renombre', data: { rates: [{ percent: 10, validFrom: '2024-01-01' }] } },
      { code: '309', name: 'Servicios prestados por medios de comunicación y agencias de publicidad', data: { rates: [{ percent: 1.75, validFrom: '2024-01-01', validTo: '2026-02-28' }, { percent: 3, validFrom: '2026-03-01' }] } },
      { code: '310', name: 'Servicio de transporte privado de pasajeros o servicio público o privado de carga', data: { rates: [{ percent: 1, validFrom: '2024-01-01' }] } },
      { code: '312', name: 'Transferencia de bienes muebles de naturaleza corporal', data: { rates: [{ percent: 1.75, validFrom: '2024-01-01', validTo: '2026-02-28' }, { percent: 2, validFrom: '2026-03-01' }] } },
      { code: '312A', name: 'Compra de bienes de origen agrícola, avícola, pecuario, apícola, cunícola, bioacuático, forestal y carnes en estado natural, al productor', data: { rates: [{ percent: 1, validFrom: '2024-01-01' }] } },
      { code: '312C', name: 'Compra de bienes de origen agrícola, avícola, pecuario, apícola, cunícola, bioacuático, forestal y carnes en estado natural, al comercializador', data: { rates: [{ percent: 1.75, validFrom: '2024-01-01' }] } },
      { code: '320', name: 'Arrendamiento de bienes inmuebles', data: { rates: [{ percent: 8, validFrom: '2024-01-01', validTo: '2026-02-28' }, { percent: 10, validFrom: '2026-03-01' }] } },
      { code: '322', name: 'Seguros y reaseguros (primas y cesiones)', data: { rates: [{ percent: 1.75, validFrom: '2024-01-01', validTo: '2026-02-28' }, { percent: 2, validFrom: '2026-03-01' }] } },
      { code: '323', name: 'Rendimientos financieros pagados a personas naturales y sociedades', data: { rates: [{ percent: 2, validFrom: '2024-01-01' }] } },
      { code: '332', name: 'Otras compras de bienes y servicios no sujetas a retención (incluye RIMPE negocios populares)', data: { rates: [{ percent: 0, validFrom: '2024-01-01' }] } },
      { code: '343', name: 'Otras retenciones aplicables el 1 % (incluye RIMPE emprendedores)', data: { rates: [{ percent: 1, validFrom: '2024-01-01' }] } },
      { code: '3440', name: 'Otras retenciones aplicables a pagos sin porcentaje específico', data: { rates: [{ percent: 2.75, validFrom: '2024-01-01', validTo: '2026-02-28' }, { percent: 3, validFrom: '2026-03-01' }] } },
      { code: '3482', name: 'Comisiones y demás pagos por servicios pagados a sociedades', data: { rates: [{ percent: 3, validFrom: '2024-01-01', validTo: '2026-02-28' }, { percent: 5, validFrom: '2026-03-01' }] } },
    ],
  },
  {
    name: 'retencion_iva',
    title: 'Retenciones de IVA',
    description: 'SRI ficha técnica, tabla 20: códigos de retención de IVA (codigo 2) y su porcentaje (data.rates)',
    entries: [
      { code: '9', name: '10 % (bienes, entre contribuyentes especiales)', data: { rates: [{ percent: 10 }] } },
      { code: '10', name: '20 % (servicios, entre contribuyentes especiales)', data: { rates: [{ percent: 20 }] } },
      { code: '1', name: '30 % (bienes)', data: { rates: [{ percent: 30 }] } },
      { code: '11', name: '50 %', data: { rates: [{ percent: 50 }] } },
      { code: '2', name: '70 % (servicios)', data: { rates: [{ percent: 70 }] } },
      { code: '3', name: '100 % (profesionales, arriendo a persona natural, liquidación de compra)', data: { rates: [{ percent: 100 }] } },
      { code: '7', name: 'Retención en cero (0 %)', data: { rates: [{ percent: 0 }] } },
      { code: '8', name: 'No procede retención (0 %)', data: { rates: [{ percent: 0 }] } },
    ],
  },
  {
    name: 'cod_sustento',
    title: 'Sustento tributario',
    description: 'SRI (ATS, tabla 5): codSustento del documento que sustenta la retención',
    entries: [
      { code: '00', name: 'Casos especiales cuyo sustento no aplica en las opciones anteriores' },
      { code: '01', name: 'Crédito tributario para declaración de IVA (servicios y bienes distintos de inventarios y activos fijos)' },
      { code: '02', name: 'Costo o gasto para declaración de IR (servicios y bienes distintos de inventarios y activos fijos)' },
      { code: '03', name: 'Activo fijo - Crédito tributario para declaración de IVA' },
      { code: '04', name: 'Activo fijo - Costo o gasto para declaración de IR' },
      { code: '05', name: 'Liquidación de gastos de viaje, hospedaje y alimentación (IR, a nombre de empleados)' },
      { code: '06', name: 'Inventario - Crédito tributario para declaración de IVA' },
      { code: '07', name: 'Inventario - Costo o gasto para declaración de IR' },
      { code: '08', name: 'Valor pagado para solicitar reembolso de gasto (intermediario)' },
      { code: '09', name: 'Reembolso por siniestros' },
      { code: '10', name: 'Distribución de dividendos, beneficios o utilidades' },
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
