import { integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const adminUsers = pgTable('admin_users', {
  id: serial('id').primaryKey(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  lastLogin: timestamp('last_login', { withTimezone: true, mode: 'date' }),
  created: timestamp('created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const siteRoles = pgTable('site_roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    siteRoleId: integer('site_role_id')
      .notNull()
      .references(() => siteRoles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteRoleId] })],
);
