/**
 * How a schema-driven resource maps onto its table: which schema properties are columns (the rest
 * of the schema's properties go to `extra jsonb`), which can be searched and sorted, how a database
 * uniqueness error reads, and the domain rules to run before saving or deleting.
 */
import type { AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';

export interface ResourceContext {
  db: Db;
  companyId: string;
  /** Cap for consumidor final invoices, USD. */
  consumidorFinalCap: number;
}

export interface ResourceDefinition {
  /** Schema name and URL segment: `/api/<name>`. */
  name: string;
  /** Spanish noun with article for messages: "El producto". */
  label: string;
  table: PgTable & { companyId: AnyColumn; id: AnyColumn; extra: AnyColumn; createdAt: AnyColumn; updatedAt: AnyColumn };
  /** schema property -> column; numeric columns listed in `numeric` come back as numbers. */
  columns: Record<string, AnyColumn>;
  numeric?: string[];
  searchable: AnyColumn[];
  sortable: Record<string, AnyColumn>;
  defaultSort: string;
  /**
   * Properties that name one record for a CSV import's upsert (product: codigoPrincipal; customer:
   * tipoIdentificacion + identificacion). A resource without one cannot be imported.
   */
  naturalKey?: string[];
  /** unique constraint name -> [property path, Spanish message]. */
  uniqueErrors: Record<string, [string, string]>;
  /** Domain checks on a validated body; throw AppError VALIDATION with details. */
  beforeSave?(ctx: ResourceContext, body: Record<string, unknown>, id?: string): Promise<void>;
  /** Throw AppError IN_USE when the record is referenced. */
  beforeDelete?(ctx: ResourceContext, id: string): Promise<void>;
}
