import { redirect } from 'react-router';
import { withQuery } from '#shared/paths.ts';
import type { Route } from './+types/can-find-a-rep';

export function loader({ request }: Route.LoaderArgs) {
  return redirect(withQuery('/find-a-rep-ca', new URL(request.url).search), 301);
}
