/**
 * The company settings that decide the ATS where public sources disagree (shared/sri/ATS.md §7),
 * each with its choices, the default (the reading of the SRI's own texts where one exists) and the
 * Spanish explanation the ATS screen shows beside it. Shared by the server (builder, settings route)
 * and the SPA (the settings card). Pure data.
 */

/** `totalVentas` and `ventasEstab`: which sales they add up (ATS.md §4.2, §4.3, §7.3). */
export type TotalVentasReading = 'fisicas' | 'todas-bruto' | 'todas-neto';
/** Where an exempt sale (IVA codigoPorcentaje 7) goes in detalleVentas, which has no baseImpExe (ATS.md §7.2). */
export type ExentasVentasReading = 'baseNoGraIva' | 'ninguna';
/** Which annulled comprobantes go in `anulados` (ATS.md §7.4). */
export type AnuladosReading = 'excluir-sri' | 'todos';

export type AtsSettings = {
  totalVentas: TotalVentasReading;
  exentasVentas: ExentasVentasReading;
  anulados: AnuladosReading;
  /**
   * ATS tabla 5 code used for a purchase that no retención of ours supports (the retención carries
   * codSustento per docSustento); null: such a purchase is a problem of the check.
   */
  codSustentoSinRetencion: string | null;
  /** Write an `air` row 332 (0 %, "no sujeto a retención") for a purchase without renta withheld (ATS.md §3.1). */
  air332SinRetencion: boolean;
};

export const ATS_SETTINGS_DEFAULTS: Readonly<AtsSettings> = {
  totalVentas: 'fisicas',
  exentasVentas: 'baseNoGraIva',
  anulados: 'excluir-sri',
  codSustentoSinRetencion: null,
  air332SinRetencion: false,
};

export interface AtsSettingChoice<V> {
  value: V;
  label: string;
}

export interface AtsSettingHelp<K extends keyof AtsSettings> {
  key: K;
  title: string;
  /** Why it is a setting: what each source says. */
  explanation: string;
  choices: Array<AtsSettingChoice<AtsSettings[K]>>;
}

/** The settings as the ATS screen explains them, in display order. */
export const ATS_SETTINGS_HELP: [AtsSettingHelp<'totalVentas'>, AtsSettingHelp<'exentasVentas'>, AtsSettingHelp<'anulados'>, AtsSettingHelp<'codSustentoSinRetencion'>, AtsSettingHelp<'air332SinRetencion'>] = [
  {
    key: 'totalVentas',
    title: 'Total de ventas (totalVentas y ventasEstab)',
    explanation:
      'La hoja ESQUEMA del catálogo ATS del SRI dice que totalVentas suma solo la facturación física (F); como Emite emite solo comprobantes electrónicos, con esa lectura el total es 0,00 y el SRI toma las ventas electrónicas de sus propios registros. Otros sistemas suman también las electrónicas: OCA en bruto (las notas de crédito suman), otros en neto (las restan). El detalle de ventas electrónicas (tipoEmision E) se informa en todos los casos.',
    choices: [
      { value: 'fisicas', label: 'Solo facturación física (lectura del SRI)' },
      { value: 'todas-bruto', label: 'Todas las ventas, en bruto' },
      { value: 'todas-neto', label: 'Todas las ventas, netas de notas de crédito' },
    ],
  },
  {
    key: 'exentasVentas',
    title: 'Ventas exentas de IVA',
    explanation:
      'El detalle de ventas del ATS no tiene casilla para la base exenta. Emite la informa con la base no objeto de IVA (baseNoGraIva), como el formulario 104 junta ambas en el casillero 431; OCA la deja fuera de todas las bases. La ficha técnica no lo resuelve.',
    choices: [
      { value: 'baseNoGraIva', label: 'Con la base no objeto de IVA' },
      { value: 'ninguna', label: 'En ninguna base (como OCA)' },
    ],
  },
  {
    key: 'anulados',
    title: 'Comprobantes anulados',
    explanation:
      'La ficha técnica del ATS (§2.5) excluye de "anulados" los comprobantes dados de baja en SRI en línea: el SRI ya los conoce. Toda anulación en Emite pasa por SRI en línea, así que con esa lectura el bloque queda vacío. Algunos sistemas los informan igual.',
    choices: [
      { value: 'excluir-sri', label: 'Excluir los anulados en SRI en línea (ficha técnica)' },
      { value: 'todos', label: 'Informar todos los anulados' },
    ],
  },
  {
    key: 'codSustentoSinRetencion',
    title: 'Sustento tributario de compras sin retención',
    explanation:
      'Cada compra del ATS necesita su código de sustento (tabla 5). Emite lo toma de la retención emitida sobre la compra; para una compra sin retención use este código, o déjelo vacío para que la revisión la señale.',
    choices: [
      { value: null, label: 'Ninguno: señalar la compra en la revisión' },
      { value: '01', label: '01 Crédito tributario para declaración de IVA' },
      { value: '02', label: '02 Costo o gasto para declaración de IR' },
      { value: '03', label: '03 Activo fijo - crédito tributario IVA' },
      { value: '04', label: '04 Activo fijo - costo o gasto IR' },
      { value: '06', label: '06 Inventario - crédito tributario IVA' },
      { value: '07', label: '07 Inventario - costo o gasto IR' },
    ],
  },
  {
    key: 'air332SinRetencion',
    title: 'Compras sin retención de renta',
    explanation:
      'Odoo y otros sistemas informan un concepto 332 (0 %, no sujeto a retención) en las compras sin retención de renta; la ficha técnica no lo exige según lo que se pudo verificar.',
    choices: [
      { value: false, label: 'No informar concepto de renta' },
      { value: true, label: 'Informar el concepto 332 con 0 %' },
    ],
  },
];

/**
 * Stored settings (possibly partial or from an older version) merged over the defaults; unknown
 * values are replaced by the default, so a stored value never breaks the ATS.
 * @example atsSettingsOf({ anulados: 'todos' }).totalVentas // 'fisicas'
 */
export function atsSettingsOf(stored: unknown): AtsSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const [totalVentas, exentasVentas, anulados, codSustentoSinRetencion, air332SinRetencion] = ATS_SETTINGS_HELP;
  return {
    totalVentas: choiceOf(totalVentas, s.totalVentas),
    exentasVentas: choiceOf(exentasVentas, s.exentasVentas),
    anulados: choiceOf(anulados, s.anulados),
    codSustentoSinRetencion: choiceOf(codSustentoSinRetencion, s.codSustentoSinRetencion),
    air332SinRetencion: choiceOf(air332SinRetencion, s.air332SinRetencion),
  };
}

/** `value` when it is one of the setting's choices, else the setting's default. */
function choiceOf<K extends keyof AtsSettings>(help: AtsSettingHelp<K>, value: unknown): AtsSettings[K] {
  const choice = help.choices.find((c) => c.value === value);
  return choice ? choice.value : ATS_SETTINGS_DEFAULTS[help.key];
}
