import { pgTable, smallint, text, serial, uniqueIndex } from 'drizzle-orm/pg-core';

export const regions = pgTable('regions', {
  id: smallint('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
});

export const states = pgTable(
  'states',
  {
    id: serial('id').primaryKey(),
    regionId: smallint('region_id')
      .notNull()
      .references(() => regions.id),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('states_region_code_uq').on(t.regionId, t.code)],
);
