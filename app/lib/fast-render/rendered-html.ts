/**
 * A content template's HTML as the string it was rendered to, carried on the Response instead of a
 * body: the server (server/plugins/react-router.ts, server/plugins/page-cache.ts) sends it as it is,
 * without making it a stream and reading that back (ADR 016). Whatever hands such a Response on must
 * use `renderedHtmlOf`, as its body is empty.
 */
const RENDERED_HTML = Symbol.for('northfield.renderedHtml');

export function htmlResponse(html: string, init: ResponseInit): Response {
  const response = new Response(null, init);
  (response as unknown as Record<symbol, string>)[RENDERED_HTML] = html;
  return response;
}

export function renderedHtmlOf(response: Response): string | undefined {
  const html = (response as unknown as Record<symbol, unknown>)[RENDERED_HTML];
  return typeof html === 'string' ? html : undefined;
}
