import { Link } from '../lib/links.tsx';

export type ErrorKind = 'not-found' | 'access-denied' | 'server-error' | 'bad-request' | 'form-refused' | 'form-too-large' | 'unavailable';

export function errorKindFor(status: number): ErrorKind {
  if (status === 404) return 'not-found';
  if (status === 401 || status === 403) return 'access-denied';
  if (status === 400) return 'bad-request';
  if (status === 503) return 'unavailable';
  return 'server-error';
}

export const ERROR_TEXT: Record<ErrorKind, { title: string; message: string; status: number }> = {
  'not-found': { title: 'Page Not Found', message: 'The page you are looking for does not exist or has moved.', status: 404 },
  'access-denied': { title: 'Access Denied', message: 'You do not have permission to view this page.', status: 403 },
  'server-error': { title: 'Server Error', message: 'Something went wrong. Please try again later.', status: 500 },
  'bad-request': {
    title: 'Address Not Valid',
    message: 'This address cannot be read. Check it for a typing mistake, or start again from the home page.',
    status: 400,
  },
  'form-refused': {
    title: 'Form Not Sent',
    message:
      'For your security, this site only accepts forms sent from its own pages, and this one came from somewhere else. Nothing was sent. Open the form on this site and send it again.',
    status: 403,
  },
  'form-too-large': {
    title: 'Form Too Large',
    message: 'This form held far more than a message needs, so nothing was sent. Shorten what you typed and send it again.',
    status: 413,
  },
  // the database away for a moment (ADR 047): nothing is wrong with the page or the visitor
  unavailable: {
    title: 'Back in a Moment',
    message: 'The site is busy for a moment and could not show this page. Try again in a few seconds.',
    status: 503,
  },
};

/** `back`: where the visitor can try again (a refused form's page); the home page otherwise. */
export function ErrorView({
  status,
  kind = errorKindFor(status),
  back,
  message,
}: {
  status: number;
  kind?: ErrorKind;
  back?: string | null;
  /** words of the page's own in place of the kind's (the Unavailable page of the finder or a search) */
  message?: string | null;
}) {
  const text = ERROR_TEXT[kind];
  return (
    <section className="error-view" aria-labelledby="error-title">
      <p className="error-view__code" aria-hidden="true">
        {text.status}
      </p>
      <h1 id="error-title">{text.title}</h1>
      <p>{message ?? text.message}</p>
      <p>
        {back ? (
          <Link className="button button--primary" to={back}>
            {kind === 'unavailable' ? 'Try again' : 'Go back to the form'}
          </Link>
        ) : (
          <Link className="button button--primary" to="/">
            Go to the home page
          </Link>
        )}
      </p>
    </section>
  );
}
