import { Link } from '../lib/links.tsx';

export type ErrorKind = 'not-found' | 'access-denied' | 'server-error';

export function errorKindFor(status: number): ErrorKind {
  if (status === 404) return 'not-found';
  if (status === 401 || status === 403) return 'access-denied';
  return 'server-error';
}

export const ERROR_TEXT: Record<ErrorKind, { title: string; message: string }> = {
  'not-found': { title: 'Page Not Found', message: 'The page you are looking for does not exist or has moved.' },
  'access-denied': { title: 'Access Denied', message: 'You do not have permission to view this page.' },
  'server-error': { title: 'Server Error', message: 'Something went wrong. Please try again later.' },
};

export function ErrorView({ status, kind = errorKindFor(status) }: { status: number; kind?: ErrorKind }) {
  const text = ERROR_TEXT[kind];
  return (
    <section className="error-view" aria-labelledby="error-title">
      <p className="error-view__code" aria-hidden="true">
        {kind === 'not-found' ? 404 : kind === 'access-denied' ? 403 : 500}
      </p>
      <h1 id="error-title">{text.title}</h1>
      <p>{text.message}</p>
      <p>
        <Link className="button button--primary" to="/">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
