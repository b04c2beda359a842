import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { createMailDelivery, type MailDelivery } from './delivery';
import { createMailTransport } from './transport';

/** The app's mail worker; it stops with the app, so tests and shutdowns never hang on it. */
export function startMailDelivery(app: FastifyInstance, context: AppContext): MailDelivery {
  const transport = createMailTransport(context.config, app.log);
  const delivery = createMailDelivery(context.database, transport, app.log);
  app.addHook('onClose', () => delivery.stop());
  return delivery;
}
