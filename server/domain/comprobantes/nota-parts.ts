/**
 * What the nota de crédito and the nota de débito share in their documents, XML, parsers and RIDE
 * (SRI ficha técnica offline; NotaCredito/NotaDebito XSDs): the info element's header (fecha,
 * issuer, buyer, the modified factura) written and read in the XSD's order, and the RIDE's
 * counterpart band and modified-document box.
 */
import { buyerXml, opt, req } from './xml/xml-writer.ts';
import type { RidePair, RideDocument } from './ride/ride-document.ts';
import { nameAndIdRow } from './ride/ride-bands.ts';
import type { Element } from './xml/xml-reader.ts';

/** The head of infoNotaCredito / infoNotaDebito, up to fechaEmisionDocSustento. */
export interface NotaInfoHead {
  fechaEmision: string;
  dirEstablecimiento?: string;
  tipoIdentificacionComprador: string;
  razonSocialComprador: string;
  identificacionComprador: string;
  contribuyenteEspecial?: string;
  obligadoContabilidad?: 'SI' | 'NO';
  codDocModificado: string;
  numDocModificado: string;
  fechaEmisionDocSustento: string;
}

/** The head's elements, in the order both XSDs give them. */
export function notaHeadXml(n: NotaInfoHead): string {
  return (
    req('fechaEmision', n.fechaEmision) +
    opt('dirEstablecimiento', n.dirEstablecimiento) +
    buyerXml(n) +
    opt('contribuyenteEspecial', n.contribuyenteEspecial) +
    opt('obligadoContabilidad', n.obligadoContabilidad) +
    req('codDocModificado', n.codDocModificado) +
    req('numDocModificado', n.numDocModificado) +
    req('fechaEmisionDocSustento', n.fechaEmisionDocSustento)
  );
}

type Reader = {
  req(el: Element, name: string): string;
  optional<T extends string>(el: Element, names: T[]): Partial<Record<T, string>>;
};

/** The head read back from an info element. @throws AppError UNPROCESSABLE for a missing required element. */
export function readNotaHead(r: Reader, n: Element): NotaInfoHead {
  return {
    fechaEmision: r.req(n, 'fechaEmision'),
    ...r.optional(n, ['dirEstablecimiento', 'contribuyenteEspecial']),
    ...(r.optional(n, ['obligadoContabilidad']) as { obligadoContabilidad?: 'SI' | 'NO' }),
    tipoIdentificacionComprador: r.req(n, 'tipoIdentificacionComprador'),
    razonSocialComprador: r.req(n, 'razonSocialComprador'),
    identificacionComprador: r.req(n, 'identificacionComprador'),
    codDocModificado: r.req(n, 'codDocModificado'),
    numDocModificado: r.req(n, 'numDocModificado'),
    fechaEmisionDocSustento: r.req(n, 'fechaEmisionDocSustento'),
  };
}

/** The RIDE's buyer band of a nota. */
export function notaCounterpart(n: NotaInfoHead): RideDocument['counterpart'] {
  return [
    nameAndIdRow({ razonSocial: n.razonSocialComprador, identificacion: n.identificacionComprador }),
    { left: ['Fecha de Emisión:', n.fechaEmision] },
  ];
}

/** The RIDE's box naming the modified factura, plus the type's own rows (the nota de crédito's motivo). */
export function modifiedDocumentBox(n: NotaInfoHead, more: RidePair[] = []): RideDocument['sections'][number] {
  return {
    kind: 'pairs',
    rows: [['Comprobante que se modifica:', `FACTURA ${n.numDocModificado}`], ['Fecha Emisión (Comprobante a modificar):', n.fechaEmisionDocSustento], ...more],
  };
}
