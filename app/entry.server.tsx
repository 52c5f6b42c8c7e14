import { Writable } from 'node:stream';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router';
import { hydratesFrom } from './lib/hydration.ts';
import { fillFragments, FragmentSlotsContext, type FragmentSlots } from './lib/fast-render/shell-fragments.tsx';
import { htmlResponse } from './lib/fast-render/rendered-html.ts';
import { StaticServerRouter } from './lib/fast-render/fresh-render.server.tsx';
import { isDatabaseUnavailable } from '#db/unavailable.ts';

export const streamTimeout = 10_000;

/** Whether the page ships React Router's runtime (form templates, admin) or is HTML only (content templates, ADR 005). */
function hydrates(routerContext: EntryContext): boolean {
  const { matches } = routerContext.staticHandlerContext;
  return hydratesFrom(matches.map((m) => routerContext.routeModules[m.route.id]));
}

/**
 * Public pages are rendered completely before the first byte: crawlers and CDNs get whole
 * documents, the status code can still change while rendering, and the page cache stores the
 * bytes. The body is handed over as one buffer, not a stream (ADR 016).
 *
 * Content templates (no hydration) render nothing that suspends: React Router writes no loader
 * data for them (its stream transfer needs <Scripts />), so one synchronous `renderToString`
 * pass gives the same HTML as the streaming renderer at a fraction of the cost. Hydrated pages
 * stream their loader data in Suspense boundaries, so they keep `renderToPipeableStream` and wait
 * for everything (onAllReady).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
  if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'private, no-cache'); // ADR 007
  if (!hydrates(routerContext)) {
    // A component that throws makes this throw too, as a shell error would: React Router then
    // renders the route's error boundary. The router's routes are built once (ADR 016).
    // The site header and footer come from the fragments kept by an earlier render where they can.
    const slots: FragmentSlots = { slots: [] };
    const html = fillFragments(
      renderToString(
        <FragmentSlotsContext.Provider value={slots}>
          <StaticServerRouter context={routerContext} nonce={loadContext.nonce} />
        </FragmentSlotsContext.Provider>,
      ),
      slots,
    );
    return htmlResponse(html.startsWith('<!DOCTYPE') ? html : `<!DOCTYPE html>${html}`, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  const app = <ServerRouter context={routerContext} url={request.url} nonce={loadContext.nonce} />;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }));
        callback();
      },
    });
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce: loadContext.nonce,
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeout);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        loadContext.log.error({ err: error, url: request.url }, 'render error');
      },
    });
  });
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // the database away for a moment is no bug: the server answers 503 (ADR 047), logged there
  if (context.failure && isDatabaseUnavailable(error)) {
    context.failure.databaseUnavailable = true;
    return;
  }
  context.log.error({ err: error, url: request.url }, 'unhandled error in loader or action');
};
