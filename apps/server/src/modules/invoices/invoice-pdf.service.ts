import { and, eq } from 'drizzle-orm';
import { withTenant, type Db } from '../../db/client';
import { clients } from '../../db/schema/index';
import { readBillingSettings } from './billing-settings';
import type { InvoiceCaller } from './invoice-drafts.service';
import { renderInvoicePdf } from './invoice-pdf';
import type { Logo } from '../organization-settings/logo.service';

/** Reads a firm's logo for its PDFs (the upload store lives in the routes' context). */
export type LogoReader = (organizationId: number) => Promise<Logo | null>;
import { loadInvoiceView } from './invoice-view';

export type InvoicePdf = { content: Buffer; fileName: string; invoice: Awaited<ReturnType<typeof loadInvoiceView>> };

/** The invoice's PDF: read under the caller's tenant, drawn after the transaction ends. */
export async function invoicePdf(
  db: Db,
  caller: InvoiceCaller & { logo?: LogoReader },
  invoiceId: number,
): Promise<InvoicePdf> {
  const organizationId = caller.actor.organizationId;
  const { invoice, settings, client } = await withTenant(db, organizationId, async (tx) => {
    const settings = await readBillingSettings(tx, organizationId);
    const invoice = await loadInvoiceView(tx, organizationId, invoiceId, {
      publicUrl: caller.publicUrl,
      subdomain: settings.subdomain,
    });
    const [client] = await tx
      .select()
      .from(clients)
      .where(and(eq(clients.organizationId, organizationId), eq(clients.id, invoice.client_id)));
    return { invoice, settings, client: client! };
  });
  const logo = caller.logo ? await caller.logo(organizationId) : null;
  const cityLine = [client.city, client.region, client.postalCode].filter(Boolean).join(' ');
  const content = await renderInvoicePdf(
    {
      invoice,
      firm: {
        name: settings.name,
        primaryColor: settings.primaryColor,
        remitTo: settings.remitTo,
        footer: settings.invoiceFooter,
        logo: logo && logo.contentType !== 'image/webp' ? logo.content : null,
      },
      client: {
        legalName: client.legalName,
        address: [client.addressLine1, client.addressLine2, cityLine].filter(Boolean),
      },
    },
    invoice.portal_url,
  );
  const fileName = `invoice-${(invoice.number ?? `draft-${invoice.id}`).replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;
  return { content, fileName, invoice };
}
