/**
 * A company's layer over the built-in and deployment schemas (DESIGN.md §13): one row per saved
 * version of one screen, never updated; the newest version of (company, resource) is in force.
 * `layer` is the patch.json vocabulary (server/domain/screens/screen-layer.ts); `{}` is "nothing
 * changed" (a reset is a version too, so it can be undone).
 */
import { integer, jsonb, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { companies } from './company.ts';

export const screenLayers = pgTable(
  'screen_layer',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The schema's name (`invoice`, `product`, or a record screen the company created). */
    resource: varchar('resource', { length: 64 }).notNull(),
    /** 1, 2, 3… per (company, resource). */
    version: integer('version').notNull(),
    layer: jsonb('layer').$type<Record<string, unknown>>().notNull(),
    /** The user who saved it (kept when the user is deleted: the name is read with a left join). */
    createdBy: uuid('created_by'),
    /** The version this one restored, when it was a restore. */
    restoredFrom: integer('restored_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.resource, t.version] })],
);
