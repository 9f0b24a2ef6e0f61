import type { CallDatabase } from '../_shared/database.ts';
import { sameSecret } from '../_shared/jwt.ts';
import { deliverDue } from '../_shared/outbox.ts';
import type { WebhookSettings } from '../_shared/webhook.ts';

/**
 * deliver-webhooks: posts the deliveries that are due (leads, call reports, budget alerts:
 * _shared/outbox.ts). Run on a schedule, never by a page: hosted by pg_cron through pg_net
 * (docs/deploy.md), locally by the stack's timer. Only the service-role key may run it.
 */

export interface DeliverWebhooksSettings {
  database: CallDatabase;
  webhook: WebhookSettings;
  serviceRoleKey: string;
}

export function createHandler(
  settings: DeliverWebhooksSettings,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'POST')
      return Response.json(
        { code: 'method_not_allowed' },
        { status: 405, headers: { Allow: 'POST' } },
      );
    const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
    if (!(await sameSecret(token, settings.serviceRoleKey)))
      return Response.json({ code: 'unauthorized' }, { status: 401 });
    const { webhook } = settings;
    if (webhook.url === null) return Response.json({ taken: 0, delivered: 0 });
    try {
      return Response.json(await deliverDue(settings.database, webhook));
    } catch (cause) {
      console.error('deliver-webhooks: the database did not answer:', cause);
      return Response.json({ code: 'database_unavailable' }, { status: 503 });
    }
  };
}
