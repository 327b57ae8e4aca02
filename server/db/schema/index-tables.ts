/** Named re-exports of the tables, for repositories and domain code (no wildcard barrel). */
export { catalogTables, catalogEntries, roles, menuItems } from './platform.ts';
export { companies, companyCertificates } from './company.ts';
export { users, authTokens } from './users.ts';
export { recoveryCodes, securityEvents } from './account-security.ts';
export { establishments, customers, products } from './catalog-resources.ts';
export { comprobantes, comprobanteEvents, sequences, jobs, comprobanteBatches } from './invoicing.ts';
export { records } from './records.ts';
export { sriSandboxComprobantes } from './sri-sandbox.ts';
export { webhookEndpoints, webhookDeliveries, webhookCertificateNotices } from './webhooks.ts';
export { apiKeys, idempotencyKeys } from './integration.ts';
export { receivedDocuments } from './purchases.ts';
export { salesDay, salesDayCustomer, salesDayProduct } from './sales-summary.ts';
export { payments, paymentEvents } from './payments.ts';
export { screenLayers } from './screens.ts';
