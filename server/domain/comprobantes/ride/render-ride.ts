import PDFDocument from 'pdfkit';
import bwipjs from 'bwip-js/node';
import { AppError } from '../../../errors.ts';
import type { RideDocument, RidePair } from './ride-document.ts';
import { isEmbeddableLogo } from './ride-logo.ts';
import { CONTENT_BOTTOM, CONTENT_WIDTH, FILL, MARGIN, MUTED, PAGE_HEIGHT, RideSheet, type Column, type TextStyle } from './ride-sheet.ts';
import { formatGuayaquilDateTime, formatMoney, formatQuantity, pdfText } from './ride-text.ts';

export interface RideInput {
  /** The comprobante in words (each type's `ride` mapping, e.g. factura/factura-ride.ts). */
  doc: RideDocument;
  /** Printed as given; absent: "PENDIENTE" (not authorised yet). Offline scheme: equals the clave de acceso. */
  numeroAutorizacion?: string;
  /** ISO 8601 instant, printed dd/mm/yyyy HH:mm:ss in America/Guayaquil; absent: "PENDIENTE". */
  fechaAutorizacion?: string;
  /** Company logo, PNG or JPEG; one that cannot be decoded is left out rather than failing the RIDE. */
  logo?: Buffer;
  labels?: {
    /** SRI tabla 24 formaPago code -> description ('01' -> 'SIN UTILIZACION DEL SISTEMA FINANCIERO'); absent codes print alone. */
    formasPago?: Record<string, string>;
  };
}

const GAP = 8; // between blocks, pt
const HALF = (CONTENT_WIDTH - GAP) / 2;
const BOX_PAD = 8;
const LINE_GAP = 2.5;
const BARCODE_HEIGHT = 34;
const TOTALS_LABEL_W = 150;
const TOTALS_VALUE_W = 78;
const TOTALS_W = TOTALS_LABEL_W + TOTALS_VALUE_W;
const LEFT_W = CONTENT_WIDTH - TOTALS_W - GAP;
const BOLD: TextStyle = { bold: true };

/** A block measured before it is drawn, so boxes can be sized and kept whole. */
export interface Block {
  height: number;
  draw(y: number): void;
}

/**
 * Renders the RIDE (Representación Impresa del Documento Electrónico) of any comprobante as an A4
 * PDF, laid out per SRI ficha técnica offline, Anexo 2 (summary in shared/sri/SRI.md "RIDE"): the
 * frame is shared, the type gives its title, counterpart band, sections and totals (RideDocument):
 * - issuer box (logo above it when given; razón social, nombre comercial, dirección matriz and
 *   sucursal, contribuyente especial, obligado a llevar contabilidad, RIMPE and agente de retención);
 * - document box (R.U.C., the title (FACTURA, NOTA DE CRÉDITO…), No. estab-ptoEmi-secuencial, número and fecha y hora de
 *   autorización or "PENDIENTE", ambiente, emisión, clave de acceso as Code 128 with its 49 digits);
 * - counterpart band; the type's sections (tables continued on further pages with their header
 *   repeated, boxes of pairs); información adicional and forma de pago | valor; the totals column.
 * Amounts print with 2 decimals and thousands separators, cantidad and precio unitario with the
 * places they carry (up to 6). Text uses pdfkit's built-in Helvetica (WinAnsi: Spanish accents
 * print; other characters are reduced to their base letter or "?"). A4 is 595.28 x 841.89 pt.
 *
 * @returns the PDF file's bytes.
 * @throws AppError UNPROCESSABLE when claveAcceso is not 49 digits, fechaAutorizacion is not a
 *   date, or an amount is not a decimal number.
 * @example
 * const pdf = await renderRide({ doc, numeroAutorizacion: doc.infoTributaria.claveAcceso,
 *   fechaAutorizacion: '2026-11-20T15:04:05Z', labels: { formasPago: { '01': 'SIN UTILIZACION DEL SISTEMA FINANCIERO' } } });
 */
export async function renderRide(input: RideInput): Promise<Buffer> {
  const { doc } = input;
  const t = doc.infoTributaria;
  if (!/^\d{49}$/.test(t.claveAcceso)) throw new AppError('UNPROCESSABLE', `RIDE: la clave de acceso debe tener 49 dígitos; se recibió "${t.claveAcceso}"`);
  const fecha = input.fechaAutorizacion ? formatGuayaquilDateTime(input.fechaAutorizacion) : 'PENDIENTE';
  // One pixel per module horizontally; the PDF scales it up and the height is stretched, which a
  // 1-D barcode tolerates.
  const barcode = await bwipjs.toBuffer({ bcid: 'code128', text: t.claveAcceso, scaleX: 2, scaleY: 1, height: 3 });
  const numero = `${t.estab}-${t.ptoEmi}-${t.secuencial}`;

  const pdf = new PDFDocument({
    size: 'A4',
    // No bottom margin: content is placed explicitly, and pdfkit must never add a page on its own.
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    bufferPages: true,
    lang: 'es-EC',
    info: { Title: `${doc.title} ${numero}`, Author: pdfText(t.razonSocial), Subject: `RIDE clave de acceso ${t.claveAcceso}`, Creator: 'Emite' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  const sheet: RideSheet = new RideSheet(pdf, (): number => continuationPage(sheet, doc, numero));
  drawHeader(sheet, input, fecha, barcode, numero);
  drawCounterpart(sheet, doc);
  for (const section of doc.sections) drawSection(sheet, section);
  drawBottom(sheet, input);
  numberPages(sheet);
  pdf.end();
  return done;
}

function continuationPage(sheet: RideSheet, doc: RideDocument, numero: string): number {
  const { pdf } = sheet;
  pdf.addPage();
  const t = doc.infoTributaria;
  sheet.text(`${pdfText(t.razonSocial)}   R.U.C. ${t.ruc}`, MARGIN, MARGIN, CONTENT_WIDTH * 0.7, BOLD);
  sheet.text(`${doc.title} No. ${numero} (continuación)`, MARGIN + CONTENT_WIDTH * 0.3, MARGIN, CONTENT_WIDTH * 0.7, { bold: true, align: 'right' });
  const y = MARGIN + 12;
  pdf.lineWidth(0.6).strokeColor(MUTED).moveTo(MARGIN, y).lineTo(MARGIN + CONTENT_WIDTH, y).stroke();
  return y + 6;
}

/** "Label: value" with the value wrapping beside the label; `labelWidth` aligns a group of them. */
export function pair(sheet: RideSheet, x: number, width: number, label: string, value: string, labelWidth?: number): Block {
  const lw = labelWidth ?? sheet.widthOf(label, BOLD) + 4;
  const height = Math.max(sheet.heightOf(label, lw, BOLD), sheet.heightOf(value, width - lw));
  return {
    height,
    draw(y) {
      sheet.text(label, x, y, lw, BOLD);
      sheet.text(value, x + lw, y, width - lw);
    },
  };
}

export function line(sheet: RideSheet, x: number, width: number, text: string, style: TextStyle = {}): Block {
  return { height: sheet.heightOf(text, width, style), draw: (y) => sheet.text(text, x, y, width, style) };
}

export const stackHeight = (blocks: Block[]) => blocks.reduce((s, b) => s + b.height, 0) + LINE_GAP * Math.max(0, blocks.length - 1);

export function drawStack(blocks: Block[], y: number): void {
  for (const b of blocks) {
    b.draw(y);
    y += b.height + LINE_GAP;
  }
}

function drawHeader(sheet: RideSheet, input: RideInput, fecha: string, barcode: Buffer, numero: string): void {
  const { pdf } = sheet;
  const t = input.doc.infoTributaria;
  const f = input.doc.issuer;
  const top = sheet.y;

  // Issuer (left).
  const lx = MARGIN + BOX_PAD;
  const lw = HALF - 2 * BOX_PAD;
  const addressLabel = Math.max(sheet.widthOf('Dirección Matriz:', BOLD), sheet.widthOf('Dirección Sucursal:', BOLD)) + 4;
  const razonSocial = pdfText(t.razonSocial);
  const nombreComercial = pdfText(t.nombreComercial);
  const issuer: Block[] = [line(sheet, lx, lw, razonSocial, { bold: true, size: 10.5 })];
  if (nombreComercial && nombreComercial !== razonSocial) issuer.push(line(sheet, lx, lw, nombreComercial, { size: 9 }));
  issuer.push(pair(sheet, lx, lw, 'Dirección Matriz:', pdfText(t.dirMatriz), addressLabel));
  if (f.dirEstablecimiento) issuer.push(pair(sheet, lx, lw, 'Dirección Sucursal:', pdfText(f.dirEstablecimiento), addressLabel));
  if (f.contribuyenteEspecial) issuer.push(pair(sheet, lx, lw, 'Contribuyente Especial Nro:', pdfText(f.contribuyenteEspecial)));
  issuer.push(pair(sheet, lx, lw, 'OBLIGADO A LLEVAR CONTABILIDAD:', f.obligadoContabilidad ?? 'NO'));
  if (t.contribuyenteRimpe) issuer.push(line(sheet, lx, lw, pdfText(t.contribuyenteRimpe), BOLD));
  if (t.agenteRetencion) issuer.push(pair(sheet, lx, lw, 'Agente de Retención Resolución No.', pdfText(t.agenteRetencion)));
  const issuerH = stackHeight(issuer) + 2 * BOX_PAD;

  // Document (right).
  const rx = MARGIN + HALF + GAP + BOX_PAD;
  const rw = HALF - 2 * BOX_PAD;
  const authLabel = sheet.widthOf('FECHA Y HORA DE AUTORIZACIÓN:', BOLD) + 4;
  const document: Block[] = [
    line(sheet, rx, rw, `R.U.C.: ${t.ruc}`, { bold: true, size: 10.5 }),
    line(sheet, rx, rw, input.doc.title, { bold: true, size: 14 }),
    line(sheet, rx, rw, `No. ${numero}`, { bold: true, size: 10 }),
    line(sheet, rx, rw, 'NÚMERO DE AUTORIZACIÓN', BOLD),
    line(sheet, rx, rw, pdfText(input.numeroAutorizacion) || 'PENDIENTE'),
    pair(sheet, rx, rw, 'FECHA Y HORA DE AUTORIZACIÓN:', fecha, authLabel),
    pair(sheet, rx, rw, 'AMBIENTE:', t.ambiente === '2' ? 'PRODUCCIÓN' : 'PRUEBAS', authLabel),
    pair(sheet, rx, rw, 'EMISIÓN:', 'NORMAL', authLabel),
    line(sheet, rx, rw, 'CLAVE DE ACCESO', BOLD),
    {
      height: BARCODE_HEIGHT + 2 + sheet.heightOf('0', rw),
      draw(y) {
        pdf.image(barcode, rx, y, { width: rw, height: BARCODE_HEIGHT });
        sheet.text(t.claveAcceso, rx, y + BARCODE_HEIGHT + 2, rw, { align: 'center', size: 8.5 });
      },
    },
  ];
  const documentH = stackHeight(document) + 2 * BOX_PAD;

  // The logo sits above the issuer box (as on the SRI's model RIDE); without one the box is as
  // tall as the document box.
  const logo = input.logo && isEmbeddableLogo(input.logo) ? input.logo : undefined;
  let headerH = Math.max(documentH, issuerH);
  let issuerTop = top;
  if (logo) {
    const logoH = Math.min(110, Math.max(56, documentH - issuerH - GAP));
    headerH = Math.max(documentH, logoH + GAP + issuerH);
    issuerTop = top + headerH - issuerH;
    try {
      pdf.image(logo, MARGIN, top, { fit: [HALF, issuerTop - GAP - top], align: 'center', valign: 'center' });
    } catch {
      // pdfkit rejected the image's header: the RIDE goes out without the logo rather than not at all.
      issuerTop = top;
    }
  }
  const issuerBoxH = top + headerH - issuerTop;
  sheet.roundedBox(MARGIN, issuerTop, HALF, issuerBoxH);
  drawStack(issuer, issuerTop + BOX_PAD + (logo ? 0 : (issuerBoxH - issuerH) / 2));
  sheet.roundedBox(MARGIN + HALF + GAP, top, HALF, headerH);
  drawStack(document, top + BOX_PAD);
  sheet.y = top + headerH + GAP;
}

function drawCounterpart(sheet: RideSheet, doc: RideDocument): void {
  const x = MARGIN + BOX_PAD;
  const rightX = MARGIN + CONTENT_WIDTH * 0.64;
  const leftW = rightX - GAP - x;
  const rightW = MARGIN + CONTENT_WIDTH - BOX_PAD - rightX;
  const widest = (labels: string[]) => Math.max(0, ...labels.map((l) => sheet.widthOf(l, BOLD))) + 6;
  const leftLabel = widest(doc.counterpart.map((r) => r.left[0]));
  const rightLabel = widest(doc.counterpart.flatMap((r) => (r.right ? [r.right[0]] : [])));
  const rows: Block[] = doc.counterpart.map(({ left, right }) => {
    const a = pair(sheet, x, right ? leftW : CONTENT_WIDTH - 2 * BOX_PAD, left[0], pdfText(left[1]), leftLabel);
    const b = right ? pair(sheet, rightX, rightW, right[0], pdfText(right[1]), rightLabel) : undefined;
    return {
      height: Math.max(a.height, b?.height ?? 0),
      draw(y) {
        a.draw(y);
        b?.draw(y);
      },
    };
  });
  const h = stackHeight(rows) + 2 * 6;
  sheet.roundedBox(MARGIN, sheet.y, CONTENT_WIDTH, h);
  drawStack(rows, sheet.y + 6);
  sheet.y += h + GAP;
}

/** A type's section: a table whose width-0 column takes the rest of the page, or a box of pairs. */
function drawSection(sheet: RideSheet, section: RideDocument['sections'][number]): void {
  if (section.kind === 'table') {
    const fixed = section.columns.reduce((s, c) => s + c.width, 0);
    const columns = section.columns.map((c) => (c.width === 0 ? { ...c, width: CONTENT_WIDTH - fixed } : c));
    sheet.table(MARGIN, columns, section.rows.map((cells) => ({ cells })));
    sheet.y += GAP;
    return;
  }
  const x = MARGIN + BOX_PAD;
  const labelW = Math.max(0, ...section.rows.map(([label]) => sheet.widthOf(label, BOLD))) + 6;
  const rows = section.rows.map(([label, value]: RidePair) => pair(sheet, x, CONTENT_WIDTH - 2 * BOX_PAD, label, pdfText(value), labelW));
  const h = stackHeight(rows) + 2 * 6;
  sheet.ensure(h);
  sheet.roundedBox(MARGIN, sheet.y, CONTENT_WIDTH, h);
  drawStack(rows, sheet.y + 6);
  sheet.y += h + GAP;
}

function drawBottom(sheet: RideSheet, input: RideInput): void {
  const totals = input.doc.totals;
  const rowH = sheet.heightOf('0', 100) + 2 * 2.6;
  const totalsH = totals.length * rowH;

  // Left column: información adicional (a box), then forma de pago | valor (a table).
  const x = MARGIN + BOX_PAD;
  const w = LEFT_W - 2 * BOX_PAD;
  const info = (input.doc.infoAdicional ?? []).map((c) => ({ nombre: `${pdfText(c.nombre)}:`, valor: pdfText(c.valor) }));
  const nameW = Math.min(w * 0.4, Math.max(0, ...info.map((c) => sheet.widthOf(c.nombre, BOLD))) + 6);
  const infoBlocks = info.map((c) => pair(sheet, x, w, c.nombre, c.valor, nameW));
  const title = line(sheet, x, w, 'Información Adicional', BOLD);
  const infoH = info.length ? stackHeight([title, ...infoBlocks]) + 2 * 6 : 0;
  const pagoColumns: Column[] = [
    { title: 'Forma de pago', width: LEFT_W - TOTALS_VALUE_W },
    { title: 'Valor', width: TOTALS_VALUE_W, align: 'right', numeric: true },
  ];
  const pagos = (input.doc.pagos ?? []).map((p) => {
    const name = input.labels?.formasPago?.[p.formaPago];
    const plazo = p.plazo ? ` (plazo ${pdfText(p.plazo)} ${pdfText(p.unidadTiempo)})`.replace(' )', ')') : '';
    return { cells: [`${p.formaPago}${name ? ` - ${pdfText(name)}` : ''}${plazo}`, formatMoney(p.total)] };
  });
  const pagosH = pagos.length ? (pagos.length + 1) * rowH * 1.4 : 0; // estimate; wrapped names are rare
  const leftH = (infoH ? infoH + GAP : 0) + pagosH;

  // Keep the bottom section on one page when it fits on one; the totals column is never split.
  const fresh = CONTENT_BOTTOM - MARGIN - 20;
  if (sheet.y + Math.max(totalsH, leftH) > CONTENT_BOTTOM && Math.max(totalsH, leftH) <= fresh) sheet.ensure(Math.max(totalsH, leftH));
  else sheet.ensure(totalsH);
  const top = sheet.y;

  const tx = MARGIN + CONTENT_WIDTH - TOTALS_W;
  totals.forEach((r, i) => {
    const y = top + i * rowH;
    if (r.grand) sheet.pdf.rect(tx, y, TOTALS_W, rowH).fill(FILL);
    sheet.text(r.label, tx + 4, y + 2.6, TOTALS_LABEL_W - 8, { bold: r.grand });
    sheet.fitText(formatMoney(r.value), tx + TOTALS_LABEL_W + 3, y + 2.6, TOTALS_VALUE_W - 6, { bold: r.grand, align: 'right' });
  });
  const { pdf } = sheet;
  pdf.lineWidth(0.4).strokeColor('#b3b3b3');
  for (let i = 1; i < totals.length; i += 1) pdf.moveTo(tx, top + i * rowH).lineTo(tx + TOTALS_W, top + i * rowH);
  pdf.moveTo(tx + TOTALS_LABEL_W, top).lineTo(tx + TOTALS_LABEL_W, top + totalsH).stroke();
  pdf.lineWidth(0.6).strokeColor('#4d4d4d').rect(tx, top, TOTALS_W, totalsH).stroke();

  if (info.length) drawInfoBox(sheet, title, infoBlocks, infoH);
  if (pagos.length) sheet.table(MARGIN, pagoColumns, pagos);
  sheet.y = Math.max(sheet.y, sheet.pdf.bufferedPageRange().count === 1 || top + totalsH > sheet.y ? top + totalsH : sheet.y);
}

/** The información adicional box; in the rare case it is taller than the space left, it continues on the next page. */
function drawInfoBox(sheet: RideSheet, title: Block, rows: Block[], height: number): void {
  if (sheet.y + height <= CONTENT_BOTTOM) {
    sheet.roundedBox(MARGIN, sheet.y, LEFT_W, height);
    drawStack([title, ...rows], sheet.y + 6);
    sheet.y += height + GAP;
    return;
  }
  let top = sheet.y;
  let y = top + 6;
  title.draw(y);
  y += title.height + LINE_GAP;
  for (const r of rows) {
    if (y + r.height + 6 > CONTENT_BOTTOM) {
      sheet.roundedBox(MARGIN, top, LEFT_W, y - top + 6 - LINE_GAP);
      sheet.y = top = sheet.ensure(CONTENT_BOTTOM) ? sheet.y : sheet.y;
      y = top + 6;
    }
    r.draw(y);
    y += r.height + LINE_GAP;
  }
  sheet.roundedBox(MARGIN, top, LEFT_W, y - top + 6 - LINE_GAP);
  sheet.y = y + 6 + GAP;
}

export function numberPages(sheet: RideSheet): void {
  const { pdf } = sheet;
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    pdf.switchToPage(i);
    sheet.text(`Página ${i - start + 1} de ${count}`, MARGIN, PAGE_HEIGHT - MARGIN - 6, CONTENT_WIDTH, { align: 'right', size: 7.5, color: MUTED });
  }
}
