import { redirect } from 'react-router';
import { pageReads } from '../../lib/page-reads.ts';

/** Reads no parameter: the server gives the redirect the visitor's query (ADR 007). */
export const handle = pageReads({});

export function loader() {
  return redirect('/find-a-rep-ca', 301);
}
