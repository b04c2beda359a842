import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formatMoney } from '@practice/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { sandboxCheckouts, sandboxEvents } from '../../../db/schema/index';
import { html, type SafeHtml } from '../../../mail/html';
import { SANDBOX_CHECKOUT_PATH, SANDBOX_DECLINED, SANDBOX_SUCCEEDED, type SandboxEvent } from './sandbox-provider';

export const SANDBOX_SUCCESS_CARD = '4242424242424242';
export const SANDBOX_DECLINED_CARD = '4000000000000002';
export const CARD_DECLINED = 'Your card was declined. Nothing was charged.';
export const NOT_A_TEST_CARD =
  'This sandbox takes test cards only: 4242 4242 4242 4242 is paid, 4000 0000 0000 0002 is declined';

const STYLESHEET = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f4f5f7;color:#1f2933}
main{max-width:28rem;margin:0 auto;padding:1.5rem 1rem}
.panel{background:#fff;border:1px solid #cbd2d9;border-radius:.5rem;padding:1.25rem}
h1{font-size:1.25rem;margin:0 0 .25rem}.amount{font-size:1.75rem;font-weight:700;margin:.25rem 0 1rem}
.badge{display:inline-block;background:#fff3cd;color:#5c4500;border-radius:.25rem;padding:.125rem .5rem;font-size:.875rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input{width:100%;font:inherit;padding:.625rem;border:1px solid #616e7c;border-radius:.375rem}
input:focus,button:focus,a:focus{outline:3px solid #1d4ed8;outline-offset:2px}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button{margin-top:1.25rem;width:100%;font:inherit;font-weight:600;padding:.75rem;border:0;border-radius:.375rem;background:#1d4ed8;color:#fff;cursor:pointer}
.error{color:#9b1c1c;background:#fde8e8;border-radius:.375rem;padding:.75rem;margin:0 0 1rem}
.hint{font-size:.875rem;color:#3e4c59}a{color:#1d4ed8}
`;

const checkoutParams = z.object({ id: z.string().regex(/^sbx_[0-9a-f-]{36}$/, 'Not a sandbox checkout') });
const cardForm = z.object({
  card_number: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(10).default(''),
  name: z.string().max(100).default(''),
});

type Checkout = typeof sandboxCheckouts.$inferSelect;

/** The page's own policy: nothing inline, and the form may go on to the return address only. */
/** A page of the sandbox checkout, documented as the HTML it is (never serialised). */
const text: z.ZodType<unknown> = z.string();
const page = (description: string) => ({ description, content: { 'text/html': { schema: text } } });

function sendPage(reply: FastifyReply, status: number, title: string, body: SafeHtml, returnOrigin: string | null) {
  const formAction = returnOrigin ? `'self' ${returnOrigin}` : "'self'";
  return reply
    .status(status)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'self'; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      html`<!doctype html>
        <html lang="en">
          <head>
            <meta charset="utf-8" />
            <meta name="viewport" content="width=device-width, initial-scale=1" />
            <title>${title}</title>
            <link rel="stylesheet" href="${SANDBOX_CHECKOUT_PATH}.css" />
          </head>
          <body>
            <main>${body}</main>
          </body>
        </html>`.value,
    );
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function cardPage(checkout: Checkout, error: string | null): SafeHtml {
  return html`<div class="panel">
    <p><span class="badge">Sandbox: no real card is charged</span></p>
    <h1>Pay ${checkout.description}</h1>
    <p class="amount">${formatMoney(checkout.amountCents, { decimals: true })}</p>
    ${error ? html`<p class="error" role="alert" id="card-error">${error}</p>` : html``}
    <form method="post" action="${SANDBOX_CHECKOUT_PATH}/${checkout.id}" novalidate>
      <label for="card_number">Card number</label>
      <input
        id="card_number"
        name="card_number"
        inputmode="numeric"
        autocomplete="cc-number"
        required
        ${error ? html`aria-describedby="card-error"` : html``}
      />
      <div class="row">
        <div>
          <label for="expiry">Expiry (MM/YY)</label>
          <input id="expiry" name="expiry" autocomplete="cc-exp" required />
        </div>
        <div>
          <label for="cvc">CVC</label>
          <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required />
        </div>
      </div>
      <label for="name">Name on card</label>
      <input id="name" name="name" autocomplete="cc-name" />
      <button type="submit">Pay ${formatMoney(checkout.amountCents, { decimals: true })}</button>
    </form>
    <p class="hint">
      Test cards: 4242 4242 4242 4242 is paid; 4000 0000 0000 0002 is declined. Any future expiry and any CVC.
    </p>
    <p><a href="${checkout.cancelUrl}">Cancel and go back</a></p>
  </div>`;
}

function closedPage(checkout: Checkout): SafeHtml {
  return html`<div class="panel">
    <h1>This checkout is closed</h1>
    <p>It was ${checkout.status === 'succeeded' ? 'paid' : 'declined'} already.</p>
    <p><a href="${checkout.successUrl}">Go back</a></p>
  </div>`;
}

/** A future MM/YY and a 3 or 4 digit CVC: a real card form asks no less. */
function cardProblem(form: z.infer<typeof cardForm>, now = new Date()): string | null {
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(form.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) return 'Enter the expiry as MM/YY';
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
    return 'The card has expired';
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim())) return 'Enter the 3 or 4 digit CVC';
  return null;
}

/**
 * The sandbox's hosted card page (ADR 0145), served by this server as a provider's own site:
 * its own page and policy, no script, our web app never sees the card. A test card settles the
 * checkout once, queues the signed event for the webhook and sends the browser back to the
 * portal, paid or declined, which reads the outcome from our records as the webhook left them.
 */
export function registerSandboxPages(app: FastifyInstance, ownerDb: Db, kick: () => void): void {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['client-portal'];

    routes.get(
      `${SANDBOX_CHECKOUT_PATH}.css`,
      {
        config: { permission: 'public' },
        schema: {
          summary: "The sandbox checkout page's stylesheet",
          tags,
          response: { 200: { description: 'The stylesheet', content: { 'text/css': { schema: text } } } },
        },
      },
      (_request, reply) =>
        reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLESHEET),
    );

    const load = async (id: string) => {
      const [row] = await ownerDb.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id));
      return row;
    };

    routes.get(
      `${SANDBOX_CHECKOUT_PATH}/:id`,
      {
        config: { permission: 'public' },
        schema: {
          summary: 'Show the sandbox checkout page',
          params: checkoutParams,
          tags,
          response: { 200: page('The card form, or the outcome of a closed checkout'), 404: page('No such checkout') },
        },
      },
      async (request, reply) => {
        const checkout = await load(request.params.id);
        if (!checkout) return sendPage(reply, 404, 'Checkout not found', html`<h1>Checkout not found</h1>`, null);
        const body = checkout.status === 'open' ? cardPage(checkout, null) : closedPage(checkout);
        return sendPage(reply, 200, `Pay ${checkout.description}`, body, originOf(checkout.cancelUrl));
      },
    );

    routes.post(
      `${SANDBOX_CHECKOUT_PATH}/:id`,
      {
        config: { permission: 'public' },
        schema: {
          summary: 'Pay or decline on the sandbox checkout page',
          params: checkoutParams,
          body: cardForm,
          tags,
          response: {
            303: z.undefined().describe('Paid or declined: on to the portal, the Location header'),
            404: page('No such checkout'),
            409: page('The checkout was already closed'),
            422: page('The card form again, with what is wrong'),
          },
        },
      },
      async (request, reply) => {
        const checkout = await load(request.params.id);
        if (!checkout) return sendPage(reply, 404, 'Checkout not found', html`<h1>Checkout not found</h1>`, null);
        const returnOrigin = originOf(checkout.successUrl);
        const title = `Pay ${checkout.description}`;
        if (checkout.status !== 'open') return sendPage(reply, 409, title, closedPage(checkout), returnOrigin);
        const card = request.body.card_number.replace(/[\s-]/g, '');
        const problem =
          card === SANDBOX_SUCCESS_CARD || card === SANDBOX_DECLINED_CARD ? cardProblem(request.body) : NOT_A_TEST_CARD;
        if (problem) return sendPage(reply, 422, title, cardPage(checkout, problem), returnOrigin);
        const paid = card === SANDBOX_SUCCESS_CARD;
        const settled = await ownerDb.transaction(async (tx) => {
          const [closed] = await tx
            .update(sandboxCheckouts)
            .set({ status: paid ? 'succeeded' : 'declined', completedAt: new Date() })
            .where(and(eq(sandboxCheckouts.id, checkout.id), eq(sandboxCheckouts.status, 'open')))
            .returning({ id: sandboxCheckouts.id });
          if (!closed) return false;
          const event: SandboxEvent = {
            id: `evt_${randomUUID()}`,
            type: paid ? SANDBOX_SUCCEEDED : SANDBOX_DECLINED,
            created: Math.floor(Date.now() / 1000),
            data: {
              checkout_id: checkout.id,
              amount_cents: checkout.amountCents,
              failure_message: paid ? null : CARD_DECLINED,
              metadata: {
                organization_id: checkout.metadata.organization_id ?? '',
                checkout_id: checkout.metadata.checkout_id ?? '',
              },
            },
          };
          await tx.insert(sandboxEvents).values({ id: event.id, checkoutId: checkout.id, body: JSON.stringify(event) });
          return true;
        });
        if (!settled)
          return sendPage(reply, 409, title, closedPage((await load(checkout.id)) ?? checkout), returnOrigin);
        kick();
        return reply.status(303).header('location', checkout.successUrl).send();
      },
    );
  });
}
