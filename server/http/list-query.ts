/**
 * Kept only for server/routes/comprobantes and server/domain/comprobantes (the lead's, being rewritten)
 * (comprobante registry): the list query lives in server/domain/list-query.ts. Delete once nothing
 * imports it here.
 */
export * from '../domain/list-query.ts';
