/** What the row templates (RowArrayTemplates.tsx) read from an array's `ui:options`; see row-layout.ts. */

/** One column of a row array: the item property and its header. */
export interface RowColumn {
  name: string;
  title: string;
  required: boolean;
}

/** What the row templates read from the array's `ui:options` (the `row…` ones but rowLabel are set by withRowLayouts, row-layout.ts). */
export interface RowLayoutOptions {
  layout?: string;
  rowLabel?: string;
  removeLabel?: string;
  addLabel?: string;
  label?: boolean;
  rowColumns?: RowColumn[];
  /** The `grid-template-columns` shared by the header and every row. */
  rowGrid?: string;
  /** Fields whose column is 2fr or wider: where the row wraps, they take a line of their own. */
  rowWideFields?: string[];
}

/** `"{title} del pago {n}"` with a title and a 0-based index -> "Valor del pago 1". */
export const fillRowLabel = (template: string, title: string, index: number) => template.replaceAll('{title}', title).replaceAll('{n}', String(index + 1));
