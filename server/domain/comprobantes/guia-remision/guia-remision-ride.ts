/**
 * GuiaRemisionDocument -> the RIDE's words (SRI ficha técnica offline, Anexo 2; SRI.md "Other
 * comprobantes"): the carrier band (identificación, razón social, placa, punto de partida, fechas),
 * then per destinatario a box (sustento, motivo, destino, destinatario) and its Cantidad |
 * Descripción | Código principal | Código auxiliar table. No pagos, no totals.
 */
import type { RideDocument, RidePair, RideSection } from '../ride/ride-document.ts';
import { formatQuantity, pdfText } from '../ride/ride-text.ts';
import type { GuiaDestinatario, GuiaRemisionDocument } from './guia-remision-document.ts';

function destinatarioSections(d: GuiaDestinatario): RideSection[] {
  const rows: RidePair[] = [];
  if (d.numDocSustento) rows.push(['Comprobante de venta:', `FACTURA ${d.numDocSustento}`]);
  if (d.fechaEmisionDocSustento) rows.push(['Fecha de emisión:', d.fechaEmisionDocSustento]);
  if (d.numAutDocSustento) rows.push(['Número de autorización:', d.numAutDocSustento]);
  rows.push(['Motivo traslado:', d.motivoTraslado], ['Destino (punto de llegada):', d.dirDestinatario], ['Identificación (destinatario):', d.identificacionDestinatario], ['Razón social / Nombres y apellidos:', d.razonSocialDestinatario]);
  if (d.docAduaneroUnico) rows.push(['Documento aduanero:', d.docAduaneroUnico]);
  if (d.codEstabDestino) rows.push(['Código establecimiento destino:', d.codEstabDestino]);
  if (d.ruta) rows.push(['Ruta:', d.ruta]);
  return [
    { kind: 'pairs', rows },
    {
      kind: 'table',
      columns: [
        { title: 'Cantidad', width: 70, align: 'right', numeric: true },
        { title: 'Descripción', width: 0 },
        { title: 'Código Principal', width: 90 },
        { title: 'Código Auxiliar', width: 90 },
      ],
      rows: d.detalles.map((l) => [formatQuantity(l.cantidad), pdfText(l.descripcion), pdfText(l.codigoInterno ?? ''), pdfText(l.codigoAdicional ?? '')]),
    },
  ];
}

export function guiaRemisionRide(doc: GuiaRemisionDocument): RideDocument {
  const g = doc.infoGuiaRemision;
  return {
    title: 'GUÍA DE REMISIÓN',
    infoTributaria: doc.infoTributaria,
    issuer: g,
    counterpart: [
      { left: ['Identificación (Transportista):', g.rucTransportista], right: ['Placa:', g.placa] },
      { left: ['Razón Social / Nombres y Apellidos:', g.razonSocialTransportista] },
      { left: ['Punto de Partida:', g.dirPartida] },
      { left: ['Fecha inicio Transporte:', g.fechaIniTransporte], right: ['Fecha fin Transporte:', g.fechaFinTransporte] },
    ],
    sections: doc.destinatarios.flatMap(destinatarioSections),
    infoAdicional: doc.infoAdicional,
    totals: [],
  };
}
