import { redirect } from 'react-router';
import type { Route } from './+types/careers';

/** /careers goes to the external careers site configured in site settings. */
export async function loader({ context }: Route.LoaderArgs) {
  const { careersUrl } = await context.services.settings.get();
  return redirect(careersUrl, 302);
}
