/**
 * Kept only for server/routes/invoice and server/domain/comprobantes, which are being rewritten
 * (comprobante registry): the list query lives in server/domain/list-query.ts. Delete once nothing
 * imports it here.
 */
export * from '../domain/list-query.ts';
