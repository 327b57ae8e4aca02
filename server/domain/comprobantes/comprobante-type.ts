/**
 * What a comprobante type gives the shared pipeline (DESIGN.md §7): one object per codDoc, in its
 * folder (factura/, nota-credito/, nota-debito/), registered in registry.ts. The pipeline
 * (issue-comprobante.ts, the worker, transitions, SRI, RIDE frame, mail, generic routes) knows no
 * type: it asks the type for the draft rules, the issue rules, the XML and the RIDE's words.
 */
import type { ComprobanteTypeMeta } from '../../../core/comprobante-types.ts';
import type { Db } from '../../db/client.ts';
import type { companies, customers, establishments } from '../../db/schema/index-tables.ts';
import type { ComprobanteRow } from '../../db/repositories/comprobantes.ts';
import type { SchemaRegistry } from '../../schemas/registry.ts';
import type { EmissionScope } from '../users/emission-scope.ts';
import type { RideDocument } from './ride/ride-document.ts';

/** A `comprobante` row as read (the repository's type, server/db/repositories/comprobantes.ts). */
export type { ComprobanteRow };
export type CompanyRow = typeof companies.$inferSelect;
export type EstablishmentRow = typeof establishments.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;

/** The number given at issue: the 49-digit claveAcceso, the secuencial (1…999,999,999) and ambiente. */
export interface Numbering {
  claveAcceso: string;
  secuencial: number;
  ambiente: '1' | '2';
}

/** Inside the issue transaction, the draft locked, before numbering. */
export interface IssueContext {
  tx: Db;
  row: ComprobanteRow;
  company: CompanyRow;
  establishment: EstablishmentRow;
  /** The row's customer (the buyer of a factura or nota), when it has one. */
  customer: CustomerRow | null;
  now: Date;
  /** Most a consumidor final sale may total, USD (AppConfig.consumidorFinalCap). */
  consumidorFinalCap: number;
}

/** What a type returns once its issue rules pass: the XSD version it writes and the XML for a number. */
export interface PreparedIssue {
  version: string;
  buildXml(n: Numbering): string;
}

export interface SaveDraftOptions {
  /**
   * The type's metadata as registered (the route passes `type.meta`): its drafts are stored and
   * looked up as `meta.codDoc`, so a type folder copied from another never writes the other's codDoc.
   */
  meta: ComprobanteTypeMeta;
  db: Db;
  companyId: string;
  /** The creating user (created_by); null when an API key creates it. */
  userId: string | null;
  /** The caller's emission points (empty = all): a draft elsewhere is refused. */
  scope?: EmissionScope;
  schemas: SchemaRegistry;
  consumidorFinalCap: number;
  now: Date;
  body: unknown;
  /** Replace this draft (PUT); absent to create. */
  id?: string;
}

/**
 * A type's form schema: the bundled `src/schemas/<resource>/schema.json` as its generated `as const`
 * copy (server/schemas/generated, `npm run schemas:consts`). The routes declare it as the draft body
 * (OpenAPI); saveDraft validates against the company's effective schema of the same name, which
 * can add fields to it but never relax it (merge-company-layer.ts), and reads the body typed from it.
 */
export interface DraftFormSchema {
  readonly type: 'object';
  readonly 'x-resource': string;
  readonly required?: readonly string[];
  readonly properties: { readonly [name: string]: object };
}

export interface ComprobanteType {
  meta: ComprobanteTypeMeta;
  /** The draft body's schema (POST / PUT `/api/{resource}`), generated from `src/schemas/{meta.resource}`. */
  formSchema: DraftFormSchema;
  /** The role-permission resource that guards it (roles seed): the notas go with 'invoice' (Facturación). */
  permission: string;
  /**
   * Create or replace a draft (status BORRADOR), recomputing every total on the server.
   * @throws AppError VALIDATION (details with paths), NOT_FOUND, INVOICE_LOCKED, FORBIDDEN.
   */
  saveDraft(o: SaveDraftOptions): Promise<ComprobanteRow>;
  /** The stored row -> the type's fields of the API view, merged over the shared ones (comprobante-view.ts). */
  viewFields?(row: ComprobanteRow): Record<string, unknown>;
  /**
   * The type's issue rules, checked in the issue transaction (the draft locked); loads what its XML
   * needs and returns the builder.
   * @throws AppError VALIDATION / UNPROCESSABLE with Spanish messages and field paths.
   */
  prepareIssue(ctx: IssueContext): Promise<PreparedIssue>;
  /** The RIDE's words from the signed XML (the legal document). @throws AppError UNPROCESSABLE for unreadable XML. */
  ride(signedXml: string): RideDocument;
}
