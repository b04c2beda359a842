import type { FastifyInstance } from 'fastify';

/**
 * While the app closes (SIGTERM), every answer ends its connection. Fastify closes the idle
 * kept-alive sockets when close() begins, but a socket whose request was in flight then goes
 * idle afterwards and would hold the drain open until the keep-alive timeout.
 */
export function registerDrain(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}
