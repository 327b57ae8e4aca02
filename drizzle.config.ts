import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema/platform.ts', './server/db/schema/company.ts', './server/db/schema/users.ts', './server/db/schema/account-security.ts', './server/db/schema/catalog-resources.ts', './server/db/schema/invoicing.ts', './server/db/schema/records.ts', './server/db/schema/webhooks.ts', './server/db/schema/integration.ts', './server/db/schema/sri-sandbox.ts', './server/db/schema/purchases.ts', './server/db/schema/sales-summary.ts', './server/db/schema/payments.ts', './server/db/schema/screens.ts'],
  out: './server/db/migrations',
});
