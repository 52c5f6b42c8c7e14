import type { FastifyInstance } from 'fastify';
import { deliveriesApi, integrationsApi } from '#shared/contracts/integrations.ts';
import { secretHint } from '#domain/webhooks/webhooks-service.ts';
import { saveGuardOf } from '#shared/validation/edit-conflict.ts';
import { withConflictFields } from '../../../conflicts.ts';
import { route } from '../../../contract-route.ts';
import { ok } from '../../../http.ts';

/** Settings, Integrations (CRM webhook endpoints, permission 'settings'), and a lead's delivery log (permission 'forms'). */
export function integrationsRoutes(app: FastifyInstance) {
  const webhooks = () => app.services.webhooks;
  const subject = (e: { id: number; url: string }) => ({
    kind: 'webhook' as const,
    id: e.id,
    title: new URL(e.url).host,
    link: '/siteadmin/settings/integrations',
  });

  route(app, integrationsApi.list, async () => ok({ endpoints: await webhooks().listEndpoints(), allowPrivate: webhooks().allowPrivate }));

  route(app, integrationsApi.add, async (request) => {
    const endpoint = await webhooks().addEndpoint(request.body);
    // the secret is never in the audit log, nor in any log
    await app.services.audit.record({
      action: 'created',
      subject: subject(endpoint),
      detail: { url: endpoint.url, events: endpoint.events },
    });
    return ok(endpoint);
  });

  route(app, integrationsApi.edit, async (request) => {
    const { id } = request.params;
    const { baseVersion, overwrite, ...input } = request.body;
    // a refusal names the fields that differ; the secret only by its last characters, never its value (ADR 048)
    const masked = async () => {
      const now = (await webhooks().listEndpoints()).find((e) => e.id === id);
      return now ? { url: now.url, events: now.events, enabled: now.enabled, secret: now.secretHint } : {};
    };
    const { before, after, overwrote } = await withConflictFields(
      () => webhooks().editEndpoint(id, input, saveGuardOf({ baseVersion, overwrite })),
      masked,
      async () => {
        const { secret, ...rest } = input;
        return { ...rest, ...(secret ? { secret: secretHint(secret) } : {}) };
      },
    );
    const fields = [
      ...(before.url !== after.url ? ['address'] : []),
      ...(before.events.join() !== after.events.join() ? ['events'] : []),
      ...(before.enabled !== after.enabled ? [after.enabled ? 'turned on' : 'turned off'] : []),
      ...(before.secretHint !== after.secretHint || request.body.secret ? ['secret'] : []),
    ];
    await app.services.audit.record({
      action: 'saved',
      subject: subject(after),
      detail: { fields, url: after.url, events: after.events, ...overwrote },
    });
    return ok(after);
  });

  route(app, integrationsApi.delete, async (request) => {
    const removed = await webhooks().deleteEndpoint(request.params.id);
    await app.services.audit.record({ action: 'deleted', subject: subject(removed), detail: { url: removed.url } });
    return ok(removed);
  });

  route(app, deliveriesApi.list, async (request) => ok({ items: await app.services.deliveryLog.forLead(request.params.id) }));

  route(app, deliveriesApi.resend, async (request) => {
    const { id } = request.params;
    const { resent, items } = await app.services.deliveryLog.resend(id, request.body.channel, request.body.id);
    const lead = await app.services.leads.findById(id);
    await app.services.audit.record({
      action: 'resent',
      subject: { kind: 'lead', id, title: lead ? `from ${lead.name}` : `#${id}`, link: '/siteadmin/forms' },
      detail: { delivery: resent.label.toLowerCase(), channel: resent.channel, deliveryId: request.body.id, to: resent.to },
    });
    return ok({ items });
  });
}
