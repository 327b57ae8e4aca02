/** Schema-only resources (`x-storage: "record"`): one generic table, data as jsonb (DESIGN.md §3). */
import { index, jsonb, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './company.ts';

export const records = pgTable(
  'record',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    resource: varchar('resource', { length: 64 }).notNull(),
    id: uuid('id').notNull().defaultRandom(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.resource, t.id] }), index('record_company_resource_created_idx').on(t.companyId, t.resource, t.createdAt.desc())],
);
