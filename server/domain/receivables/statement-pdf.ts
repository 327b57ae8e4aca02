/**
 * The estado de cuenta as an A4 PDF in the RIDE's visual style (the same sheet, rounded boxes,
 * grid tables with repeated headers and page numbers: server/domain/comprobantes/ride): the
 * company's box (logo above it when it has one) beside a document box "ESTADO DE CUENTA" with the
 * period, the customer band, a summary box (saldo anterior, cargos, abonos, saldo final), the
 * movements with the running balance, and the documents still open with their days past due.
 * Not an SRI document: no access key, no authorisation.
 * @returns the PDF's bytes.
 */
import PDFDocument from 'pdfkit';
import type { companies } from '../../db/schema/index-tables.ts';
import { toSriDate } from '../../../core/guayaquil-date.ts';
import { addDays } from '../../../core/receivables.ts';
import { drawStack, line, numberPages, pair, stackHeight, type Block } from '../comprobantes/ride/render-ride.ts';
import { isEmbeddableLogo } from '../comprobantes/ride/ride-logo.ts';
import { CONTENT_WIDTH, MARGIN, MUTED, RideSheet, type Column, type TextStyle } from '../comprobantes/ride/ride-sheet.ts';
import { formatMoney, pdfText } from '../comprobantes/ride/ride-text.ts';
import type { CustomerStatement } from './customer-statement.ts';

const GAP = 8;
const HALF = (CONTENT_WIDTH - GAP) / 2;
const PAD = 8;
const BOLD: TextStyle = { bold: true };
const money = (n: number) => formatMoney(n.toFixed(2));

type Company = Pick<typeof companies.$inferSelect, 'ruc' | 'razonSocial' | 'nombreComercial' | 'dirMatriz' | 'telefono' | 'email' | 'obligadoContabilidad' | 'logo'>;

export async function renderStatementPdf(p: { statement: CustomerStatement; company: Company; today: string }): Promise<Buffer> {
  const s = p.statement;
  const title = 'ESTADO DE CUENTA';
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 0 },
    bufferPages: true,
    lang: 'es-EC',
    info: { Title: `Estado de cuenta ${pdfText(s.customer.razonSocial)} ${toSriDate(s.from)} a ${toSriDate(s.to)}`, Author: pdfText(p.company.razonSocial), Creator: 'Emite' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const sheet: RideSheet = new RideSheet(pdf, () => {
    pdf.addPage();
    sheet.text(`${pdfText(p.company.razonSocial)}   R.U.C. ${p.company.ruc}`, MARGIN, MARGIN, CONTENT_WIDTH * 0.6, BOLD);
    sheet.text(`${title} — ${pdfText(s.customer.razonSocial)} (continuación)`, MARGIN + CONTENT_WIDTH * 0.3, MARGIN, CONTENT_WIDTH * 0.7, { bold: true, align: 'right' });
    const y = MARGIN + 12;
    pdf.lineWidth(0.6).strokeColor(MUTED).moveTo(MARGIN, y).lineTo(MARGIN + CONTENT_WIDTH, y).stroke();
    return y + 6;
  });

  // Header: the company (left, logo above) and the statement box (right).
  const top = sheet.y;
  const lx = MARGIN + PAD;
  const lw = HALF - 2 * PAD;
  const razonSocial = pdfText(p.company.razonSocial);
  const issuer: Block[] = [line(sheet, lx, lw, razonSocial, { bold: true, size: 10.5 })];
  if (p.company.nombreComercial && pdfText(p.company.nombreComercial) !== razonSocial) issuer.push(line(sheet, lx, lw, pdfText(p.company.nombreComercial), { size: 9 }));
  issuer.push(pair(sheet, lx, lw, 'R.U.C.:', p.company.ruc));
  issuer.push(pair(sheet, lx, lw, 'Dirección Matriz:', pdfText(p.company.dirMatriz)));
  if (p.company.telefono) issuer.push(pair(sheet, lx, lw, 'Teléfono:', pdfText(p.company.telefono)));
  issuer.push(pair(sheet, lx, lw, 'Correo:', pdfText(p.company.email)));
  const issuerH = stackHeight(issuer) + 2 * PAD;
  const rx = MARGIN + HALF + GAP + PAD;
  const rw = HALF - 2 * PAD;
  const labelW = sheet.widthOf('FECHA DE EMISIÓN:', BOLD) + 4;
  const box: Block[] = [
    line(sheet, rx, rw, title, { bold: true, size: 14 }),
    line(sheet, rx, rw, 'Cuentas por cobrar', { size: 9, color: MUTED }),
    pair(sheet, rx, rw, 'PERIODO:', `${toSriDate(s.from)} al ${toSriDate(s.to)}`, labelW),
    pair(sheet, rx, rw, 'FECHA DE EMISIÓN:', toSriDate(p.today), labelW),
    pair(sheet, rx, rw, 'MONEDA:', 'Dólares de los Estados Unidos (USD)', labelW),
  ];
  const boxH = stackHeight(box) + 2 * PAD;
  const logo = p.company.logo && isEmbeddableLogo(p.company.logo) ? p.company.logo : undefined;
  let headerH = Math.max(boxH, issuerH);
  let issuerTop = top;
  if (logo) {
    const logoH = Math.min(90, Math.max(48, boxH - issuerH - GAP));
    headerH = Math.max(boxH, logoH + GAP + issuerH);
    issuerTop = top + headerH - issuerH;
    try {
      pdf.image(logo, MARGIN, top, { fit: [HALF, issuerTop - GAP - top], align: 'center', valign: 'center' });
    } catch {
      issuerTop = top;
    }
  }
  sheet.roundedBox(MARGIN, issuerTop, HALF, top + headerH - issuerTop);
  drawStack(issuer, issuerTop + PAD);
  sheet.roundedBox(MARGIN + HALF + GAP, top, HALF, headerH);
  drawStack(box, top + PAD);
  sheet.y = top + headerH + GAP;

  // The customer band.
  const c = s.customer;
  const cx = MARGIN + PAD;
  const split = MARGIN + CONTENT_WIDTH * 0.64;
  const leftW = split - GAP - cx;
  const rightW = MARGIN + CONTENT_WIDTH - PAD - split;
  const rows: Array<[Block, Block | undefined]> = [
    [pair(sheet, cx, leftW, 'Cliente:', pdfText(c.razonSocial), 60), pair(sheet, split, rightW, 'Identificación:', c.identificacion)],
    [pair(sheet, cx, leftW, 'Dirección:', pdfText(c.direccion) || '—', 60), pair(sheet, split, rightW, 'Teléfono:', pdfText(c.telefono) || '—')],
    [pair(sheet, cx, CONTENT_WIDTH - 2 * PAD, 'Correo:', pdfText(c.email) || '—', 60), undefined],
  ];
  const band: Block[] = rows.map(([a, b]) => ({ height: Math.max(a.height, b?.height ?? 0), draw: (y) => (a.draw(y), b?.draw(y)) }));
  const bandH = stackHeight(band) + 12;
  sheet.roundedBox(MARGIN, sheet.y, CONTENT_WIDTH, bandH);
  drawStack(band, sheet.y + 6);
  sheet.y += bandH + GAP;

  // Summary: four figures side by side.
  const figures: Array<[string, number]> = [
    [`Saldo al ${toSriDate(addDays(s.from, -1))}`, s.openingBalance],
    ['Cargos del periodo', s.totals.cargos],
    ['Abonos del periodo', s.totals.abonos],
    [`Saldo al ${toSriDate(s.to)}`, s.closingBalance],
  ];
  const cell = CONTENT_WIDTH / figures.length;
  const sumH = 34;
  sheet.roundedBox(MARGIN, sheet.y, CONTENT_WIDTH, sumH);
  figures.forEach(([label, value], i) => {
    const x = MARGIN + i * cell;
    if (i > 0) pdf.lineWidth(0.4).strokeColor('#b3b3b3').moveTo(x, sheet.y + 5).lineTo(x, sheet.y + sumH - 5).stroke();
    sheet.text(label, x + 4, sheet.y + 6, cell - 8, { align: 'center', color: MUTED, size: 7.5 });
    sheet.fitText(money(value), x + 4, sheet.y + 17, cell - 8, { bold: true, size: 11, align: 'center' });
  });
  sheet.y += sumH + GAP;

  // Movements.
  sheet.ensure(40);
  sheet.text('Movimientos del periodo', MARGIN, sheet.y, CONTENT_WIDTH, { bold: true, size: 9.5 });
  sheet.y += 14;
  const moveCols: Column[] = [
    { title: 'Fecha', width: 52 },
    { title: 'Documento', width: 78 },
    { title: 'Número', width: 86 },
    { title: 'Detalle', width: CONTENT_WIDTH - 52 - 78 - 86 - 3 * 66 },
    { title: 'Cargo', width: 66, align: 'right', numeric: true },
    { title: 'Abono', width: 66, align: 'right', numeric: true },
    { title: 'Saldo', width: 66, align: 'right', numeric: true },
  ];
  const opening = { cells: [toSriDate(s.from), '', '', 'Saldo anterior', '', '', money(s.openingBalance)], fill: '#f6f6f6' };
  const moveRows = s.lines.map((l) => ({ cells: [toSriDate(l.fecha), l.documentType, l.numero, pdfText(l.detalle), l.cargo ? money(l.cargo) : '', l.abono ? money(l.abono) : '', money(l.saldo)] }));
  const totalRow = { cells: ['', '', '', 'Totales del periodo', money(s.totals.cargos), money(s.totals.abonos), money(s.closingBalance)], bold: true, fill: '#ececec' };
  sheet.table(MARGIN, moveCols, [opening, ...moveRows, totalRow]);
  if (s.lines.length === 0) {
    sheet.y += 3;
    sheet.text('Sin movimientos en el periodo.', MARGIN, sheet.y, CONTENT_WIDTH, { color: MUTED });
    sheet.y += 10;
  }
  sheet.y += GAP;

  // Open documents.
  sheet.ensure(40);
  sheet.text(`Documentos pendientes al ${toSriDate(s.to)}`, MARGIN, sheet.y, CONTENT_WIDTH, { bold: true, size: 9.5 });
  sheet.y += 14;
  if (s.openDocuments.length === 0) {
    sheet.text('El cliente no tiene documentos pendientes.', MARGIN, sheet.y, CONTENT_WIDTH, { color: MUTED });
    sheet.y += 12;
  } else {
    const openCols: Column[] = [
      { title: 'Documento', width: 80 },
      { title: 'Número', width: 90 },
      { title: 'Emisión', width: 56 },
      { title: 'Vence', width: 56 },
      { title: 'Días vencido', width: 58, align: 'right', numeric: true },
      { title: 'Antigüedad', width: CONTENT_WIDTH - 80 - 90 - 56 - 56 - 58 - 2 * 72 },
      { title: 'Total', width: 72, align: 'right', numeric: true },
      { title: 'Saldo', width: 72, align: 'right', numeric: true },
    ];
    const total = s.openDocuments.reduce((sum, d) => sum + Math.round(d.saldo * 100), 0) / 100;
    sheet.table(MARGIN, openCols, [
      ...s.openDocuments.map((d) => ({ cells: [d.documentType, d.numero, toSriDate(d.fechaEmision), toSriDate(d.dueDate), String(d.daysOverdue), d.bucketLabel, money(d.importeTotal), money(d.saldo)] })),
      { cells: ['Total pendiente', '', '', '', '', '', '', money(total)], bold: true, fill: '#ececec' },
    ]);
  }
  sheet.y += GAP;
  sheet.ensure(24);
  sheet.text('Este estado de cuenta resume los comprobantes autorizados por el SRI, las notas de crédito, las retenciones recibidas y los pagos registrados en Emite. Si encuentra una diferencia, comuníquese con nosotros.', MARGIN, sheet.y, CONTENT_WIDTH, { size: 7, color: MUTED });
  numberPages(sheet);
  pdf.end();
  return done;
}

