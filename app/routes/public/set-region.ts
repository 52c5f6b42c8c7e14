import { redirect } from 'react-router';
import { homePathFor, parseRegion, REGION_COOKIE } from '#shared/regions.ts';
import type { Route } from './+types/set-region';

/**
 * GET /set-region?region=3: the region selector without JavaScript (a GET form in the header). Stores
 * the choice in the region cookie and goes to that region's home, like the selector does with the
 * script (which also writes local storage). An unknown value goes to the US home and changes nothing.
 */
export function loader({ request }: Route.LoaderArgs) {
  const region = parseRegion(new URL(request.url).searchParams.get('region'));
  const headers = new Headers({ 'Cache-Control': 'no-store' });
  if (region) headers.append('Set-Cookie', `${REGION_COOKIE}=${region}; Path=/; Max-Age=31536000; SameSite=Lax`);
  return redirect(homePathFor(region ?? 2), { status: 303, headers });
}
