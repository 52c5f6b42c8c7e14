import { redirect } from 'react-router';
import type { Route } from './+types/careers';
import { pageReads } from '../../lib/page-reads.ts';

/** Site settings are in every page's `all` tag. */
export const handle = pageReads({});

/** /careers goes to the external careers site configured in site settings. */
export async function loader({ context }: Route.LoaderArgs) {
  const { careersUrl } = await context.services.settings.get();
  return redirect(careersUrl, 302);
}
