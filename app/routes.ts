import type { RouteConfig } from '@react-router/dev/routes';
import { ROUTE_TABLE } from '../shared/route-table.ts';

// The table itself lives in shared/ as plain data, so server rules (reserved slugs) read it without importing the app.
export default ROUTE_TABLE satisfies RouteConfig;
