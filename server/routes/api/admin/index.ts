import type { FastifyInstance } from 'fastify';
import { adminScope } from '../../../plugins/auth.ts';
import { dashboardRoutes } from './dashboard-routes.ts';
import { presenceRoutes } from './presence-routes.ts';
import { previewRoutes } from './preview-routes.ts';
import { documentsAdminRoutes } from './documents-routes.ts';
import { redirectsRoutes } from './redirects-routes.ts';
import { repsRetailersRoutes } from './reps-retailers-routes.ts';
import { formsAdminRoutes } from './forms-routes.ts';
import { privacyAdminRoutes } from './privacy-routes.ts';
import { integrationsRoutes } from './integrations-routes.ts';
import { securityRoutes } from './security-routes.ts';
import { settingsRoutes } from './settings-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { usersRoutes } from './users-routes.ts';
import { versionedResourcesRoutes } from './versioned-resource.ts';

/**
 * Every admin API route (/api/admin/... and /api/adminusers/...) is registered here, inside the
 * one admin scope: each request is authenticated and checked against the permission the route
 * declares. Add new admin route files to this list.
 */
export async function adminRoutes(app: FastifyInstance) {
  await adminScope(app, async (scope) => {
    sessionRoutes(scope);
    dashboardRoutes(scope);
    usersRoutes(scope);
    securityRoutes(scope);
    // its own child scope: the multipart parser is registered for the document uploads only
    await scope.register(documentsAdminRoutes);
    redirectsRoutes(scope);
    repsRetailersRoutes(scope);
    formsAdminRoutes(scope);
    privacyAdminRoutes(scope);
    settingsRoutes(scope);
    integrationsRoutes(scope);
    versionedResourcesRoutes(scope);
    previewRoutes(scope);
    presenceRoutes(scope);
  });
}
