import type { FastifyInstance } from 'fastify';

/**
 * Every save of an existing record names the version it started from (ADR 048). The route tests that
 * edit what they have just read send it the way an editor does: read the record's newest version with
 * the same token, then save. This fills in `baseVersion` for such a save when the test did not give one:
 * a versioned kind's `add` with an id and its `rollback`, and the `edit` of redirects, reps, retailers,
 * documents, users, the site settings, the security settings, the privacy text and webhook endpoints. When the record cannot be read (unknown id, no session, no
 * permission) it sends 0, so the save is refused for that reason, as before. The refusals of a missing
 * or stale version are tested in edit-conflicts.integration.test.ts, which calls the routes directly.
 */
export async function withBaseVersion(
  app: FastifyInstance,
  url: string,
  payload: object | undefined,
  headers: Record<string, string>,
): Promise<object | undefined> {
  const body = (payload ?? {}) as Record<string, unknown>;
  if ('baseVersion' in body) return payload;
  const read = async (path: string, pick: (data: unknown) => unknown): Promise<number> => {
    const res = await app.inject({ method: 'GET', url: path, headers });
    if (res.statusCode !== 200) return 0;
    const found = pick((res.json() as { data: unknown }).data);
    return typeof found === 'number' ? found : 0;
  };
  const newestVersion = (data: unknown) => (data as { id: number }[])[0]?.id;
  const version = (data: unknown) => (data as { version?: number }).version;

  const rollback = /^(\/api\/admin\/[a-z-]+)\/rollback\/(\d+)\/\d+$/.exec(url);
  if (rollback) return { ...body, baseVersion: await read(`${rollback[1]}/get-versions/${rollback[2]}`, newestVersion) };
  const add = /^(\/api\/admin\/[a-z-]+)\/add$/.exec(url);
  if (add && typeof body.id === 'number' && !/\/(redirects|reps|retailers|documents|forms|integrations)\/add$/.test(url))
    return { ...body, baseVersion: await read(`${add[1]}/get-versions/${body.id}`, newestVersion) };
  const edit = /^\/api\/(admin\/(?:redirects|reps|retailers|documents)|adminusers)\/edit$/.exec(url);
  if (edit && body.id !== undefined) return { ...body, baseVersion: await read(`/api/${edit[1]}/get/${String(body.id)}`, version) };
  if (url === '/api/admin/settings/edit') return { ...body, baseVersion: await read('/api/admin/settings/get', version) };
  if (url === '/api/admin/security-settings') return { ...body, baseVersion: await read('/api/admin/security-settings', version) };
  // the privacy text: the newest version's id (0 when none is saved)
  if (url === '/api/admin/privacy/text')
    return { ...body, baseVersion: await read('/api/admin/privacy/text', (d) => (d as { id?: number } | null)?.id ?? 0) };
  const endpoint = /^\/api\/admin\/integrations\/edit\/(\d+)$/.exec(url);
  if (endpoint)
    return {
      ...body,
      baseVersion: await read(
        '/api/admin/integrations/list',
        (d) => (d as { endpoints: { id: number; version: number }[] }).endpoints.find((e) => e.id === Number(endpoint[1]))?.version,
      ),
    };
  return payload;
}
