-- Role 2 was seeded as 'Content Editor'; sign-in names it 'Editor'. A start no longer re-runs the
-- seed on an existing database, so the rename is a migration.
UPDATE "site_roles" SET "name" = 'Editor' WHERE "id" = 2 AND "name" = 'Content Editor';
