/**
 * Which received documents the monthly close may use (DESIGN.md §10–§11, the contract between
 * issues 24 and 25): those the SRI confirmed (`confirmed`) and did not annul (`sri_estado` not
 * ANULADO). Every report reads them through these two SQL conditions on `received_document`, so the
 * rule lives here once.
 */
import { sql, type SQL } from 'drizzle-orm';

/** `rd` is the alias of received_document in the caller's FROM. */
export const trustedReceived = (rd: string): SQL => sql.raw(`(${rd}.confirmed and ${rd}.sri_estado is distinct from 'ANULADO')`);

/** Received documents the check lists as "sin confirmar con el SRI" (left out of the ATS and forms). */
export const unconfirmedReceived = (rd: string): SQL => sql.raw(`(not ${rd}.confirmed and ${rd}.sri_estado is distinct from 'ANULADO')`);
