/**
 * Platform reference tables: catalog tables and their entries, roles, menu. Small, shared by every
 * company (Citus reference tables), changed only by platform staff.
 */
import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const catalogTables = pgTable('catalog_table', {
  name: varchar('name', { length: 64 }).primaryKey(),
  title: text('title').notNull(),
  description: text('description'),
  system: boolean('system').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const catalogEntries = pgTable(
  'catalog_entry',
  {
    tableName: varchar('table_name', { length: 64 })
      .notNull()
      .references(() => catalogTables.name, { onDelete: 'cascade', onUpdate: 'cascade' }),
    code: varchar('code', { length: 64 }).notNull(),
    name: text('name').notNull(),
    /** Extra attributes, e.g. {tarifa: 15, validFrom: '2024-04-01'} for IVA rates. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.code] })],
);

/** permissions: resource -> allowed actions ('read' | 'create' | 'update' | 'delete' | 'issue'). */
export const roles = pgTable('role', {
  code: varchar('code', { length: 32 }).primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  permissions: jsonb('permissions').$type<Record<string, string[]>>().notNull().default({}),
  position: integer('position').notNull().default(0),
});

/** Sidebar menu as flat rows with parent pointers; `resource` names the permission needed to see it. */
export const menuItems = pgTable('menu_item', {
  id: varchar('id', { length: 64 }).primaryKey(),
  parentId: varchar('parent_id', { length: 64 }),
  path: text('path').notNull(),
  title: text('title').notNull(),
  type: varchar('type', { length: 8 }).notNull().default('link'),
  icontype: text('icontype'),
  collapse: text('collapse'),
  ab: varchar('ab', { length: 8 }),
  resource: varchar('resource', { length: 64 }),
  staffOnly: boolean('staff_only').notNull().default(false),
  position: integer('position').notNull().default(0),
});
