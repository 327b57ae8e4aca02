/**
 * Drawing primitives for the RIDE on pdfkit: one text style system (Helvetica 8 pt unless told),
 * measurement, a vertical cursor that opens a continuation page when the next block does not fit,
 * and a grid table whose header row repeats on every page it spans.
 */
export const PAGE_WIDTH = 595.28; // A4, pt
export const PAGE_HEIGHT = 841.89;
export const MARGIN = 28;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Lowest y content may reach; the page number sits below it. */
export const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN - 12;

export const INK = '#1a1a1a';
export const MUTED = '#555555';
export const FRAME = '#4d4d4d';
export const GRID = '#b3b3b3';
export const FILL = '#ececec';

export const TEXT_SIZE = 8;
export const CELL_PAD_X = 3;
export const CELL_PAD_Y = 2.6;

export interface TextStyle {
  bold?: boolean;
  size?: number;
  align?: 'left' | 'right' | 'center';
  color?: string;
}

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
  /** One line, shrunk to fit rather than wrapped (amounts, quantities). */
  numeric?: boolean;
}

export interface TableRow {
  cells: string[];
  bold?: boolean;
  fill?: string;
}

export class RideSheet {
  /** Vertical cursor, pt from the top of the current page. */
  y = MARGIN;

  constructor(
    readonly pdf: PDFKit.PDFDocument,
    /** Adds a page, draws its continuation header and returns the y where content resumes. */
    private readonly continuePage: (pdf: PDFKit.PDFDocument) => number,
  ) {}

  private use(style: TextStyle): void {
    this.pdf.font(style.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(style.size ?? TEXT_SIZE);
  }

  /** Height of `text` wrapped to `width`; at least one line. */
  heightOf(text: string, width: number, style: TextStyle = {}): number {
    this.use(style);
    return Math.max(this.pdf.currentLineHeight(), text === '' ? 0 : this.pdf.heightOfString(text, { width, lineGap: 0 }));
  }

  widthOf(text: string, style: TextStyle = {}): number {
    this.use(style);
    return this.pdf.widthOfString(text);
  }

  text(text: string, x: number, y: number, width: number, style: TextStyle = {}): void {
    if (text === '') return;
    this.use(style);
    this.pdf.fillColor(style.color ?? INK).text(text, x, y, { width, align: style.align ?? 'left', lineGap: 0 });
  }

  /** One line; the size steps down (to 5.5 pt at least) until it fits `width`. */
  fitText(text: string, x: number, y: number, width: number, style: TextStyle = {}): void {
    let size = style.size ?? TEXT_SIZE;
    while (size > 5.5 && this.widthOf(text, { ...style, size }) > width) size -= 0.5;
    this.text(text, x, y + ((style.size ?? TEXT_SIZE) - size) / 2, width, { ...style, size });
  }

  roundedBox(x: number, y: number, width: number, height: number): void {
    this.pdf.lineWidth(0.6).strokeColor(FRAME).roundedRect(x, y, width, height, 5).stroke();
  }

  /** Starts a continuation page unless `height` more points fit on this one. @returns whether it did. */
  ensure(height: number): boolean {
    if (this.y + height <= CONTENT_BOTTOM) return false;
    this.y = this.continuePage(this.pdf);
    return true;
  }

  private rowHeight(columns: Column[], row: TableRow): number {
    let h = 0;
    row.cells.forEach((cell, i) => {
      const c = columns[i];
      h = Math.max(h, c.numeric ? this.heightOf('0', 100, { bold: row.bold }) : this.heightOf(cell, c.width - 2 * CELL_PAD_X, { bold: row.bold }));
    });
    return h + 2 * CELL_PAD_Y;
  }

  private drawRow(x: number, columns: Column[], row: TableRow, height: number): void {
    const width = columns.reduce((s, c) => s + c.width, 0);
    if (row.fill) this.pdf.rect(x, this.y, width, height).fill(row.fill);
    let cx = x;
    row.cells.forEach((cell, i) => {
      const c = columns[i];
      const style: TextStyle = { bold: row.bold, align: c.align };
      if (c.numeric) this.fitText(cell, cx + CELL_PAD_X, this.y + CELL_PAD_Y, c.width - 2 * CELL_PAD_X, style);
      else this.text(cell, cx + CELL_PAD_X, this.y + CELL_PAD_Y, c.width - 2 * CELL_PAD_X, style);
      cx += c.width;
    });
    this.y += height;
  }

  /** Grid lines of the rows drawn since `top`: frame, column rules, and a rule under each row. */
  private frame(x: number, columns: Column[], top: number, rowBottoms: number[]): void {
    const width = columns.reduce((s, c) => s + c.width, 0);
    const { pdf } = this;
    pdf.lineWidth(0.4).strokeColor(GRID);
    for (const b of rowBottoms.slice(0, -1)) pdf.moveTo(x, b).lineTo(x + width, b);
    let cx = x;
    for (const c of columns.slice(0, -1)) {
      cx += c.width;
      pdf.moveTo(cx, top).lineTo(cx, this.y);
    }
    pdf.stroke();
    pdf.lineWidth(0.6).strokeColor(FRAME).rect(x, top, width, this.y - top).stroke();
  }

  /**
   * A table at `x` starting at the cursor: a filled bold header row, then `rows`, breaking onto
   * continuation pages (header repeated) whenever the next row does not fit.
   */
  table(x: number, columns: Column[], rows: TableRow[]): void {
    const header: TableRow = { cells: columns.map((c) => c.title), bold: true, fill: FILL };
    const headerColumns = columns.map((c) => ({ ...c, numeric: false }));
    const headerH = this.rowHeight(headerColumns, header);
    const firstH = rows.length ? this.rowHeight(columns, rows[0]) : 0;
    this.ensure(headerH + firstH);
    let top = this.y;
    let bottoms: number[] = [];
    const startSegment = () => {
      top = this.y;
      this.drawRow(x, headerColumns, header, headerH);
      bottoms = [this.y];
    };
    startSegment();
    rows.forEach((row, i) => {
      const h = i === 0 ? firstH : this.rowHeight(columns, row);
      if (this.y + h > CONTENT_BOTTOM) {
        this.frame(x, columns, top, bottoms);
        this.y = this.continuePage(this.pdf);
        startSegment();
      }
      this.drawRow(x, columns, row, h);
      bottoms.push(this.y);
    });
    this.frame(x, columns, top, bottoms);
  }
}
