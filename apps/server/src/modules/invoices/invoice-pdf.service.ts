import { and, eq } from 'drizzle-orm';
import { cityLineOf, type InvoiceView } from '@practice/shared';
import { withTenant, type Db, type Tx } from '../../db/client';
import { clients, invoices, organizations } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import type { InvoiceCaller } from './invoice-drafts.service';
import { drawableLogo } from '../organization-settings/logo-image';
import { renderInvoicePdf } from './invoice-pdf';
import { INVOICE_NOT_FOUND, invoiceViewFrom } from './invoice-view';

/** Reads a firm's logo file for its PDFs (the upload store lives in the routes' context). */
export type LogoReader = (organizationId: number, file: string) => Promise<Buffer | null>;

export type InvoicePdf = { content: Buffer; fileName: string; invoice: InvoiceView };

/** The invoice row with what the PDF prints beside its view: the firm's header and logo file, the client's address. */
async function readPdfHeader(tx: Tx, organizationId: number, invoiceId: number) {
  const [row] = await tx
    .select({
      invoice: invoices,
      code: clients.code,
      invoiceEmail: clients.invoiceEmail,
      name: organizations.name,
      subdomain: organizations.subdomain,
      primaryColor: organizations.primaryColor,
      remitTo: organizations.remitTo,
      footer: organizations.invoiceFooter,
      logoFile: organizations.logoFile,
      logoContentType: organizations.logoContentType,
      legalName: clients.legalName,
      addressLine1: clients.addressLine1,
      addressLine2: clients.addressLine2,
      city: clients.city,
      region: clients.region,
      postalCode: clients.postalCode,
    })
    .from(invoices)
    .innerJoin(clients, and(eq(clients.organizationId, invoices.organizationId), eq(clients.id, invoices.clientId)))
    .innerJoin(organizations, eq(organizations.id, invoices.organizationId))
    .where(and(eq(invoices.organizationId, organizationId), eq(invoices.id, invoiceId)));
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return row;
}

/**
 * The invoice's PDF: read under the caller's tenant in one transaction (the logo's file name
 * with the firm's header), drawn after it ends.
 */
export async function invoicePdf(
  db: Db,
  caller: InvoiceCaller & { logo?: LogoReader },
  invoiceId: number,
): Promise<InvoicePdf> {
  const organizationId = caller.actor.organizationId;
  const { invoice, header } = await withTenant(db, organizationId, async (tx) => {
    const header = await readPdfHeader(tx, organizationId, invoiceId);
    const invoice = await invoiceViewFrom(
      tx,
      header.invoice,
      { code: header.code, legalName: header.legalName, invoiceEmail: header.invoiceEmail },
      {
        name: header.name,
        subdomain: header.subdomain,
        logoFile: header.logoFile,
        remitTo: header.remitTo,
        invoiceFooter: header.footer,
      },
      { publicUrl: caller.publicUrl, subdomain: header.subdomain },
    );
    return { invoice, header };
  });
  // pdfkit draws no WebP: that logo is left out, unread.
  const stored =
    caller.logo && header.logoFile && header.logoContentType !== 'image/webp'
      ? await caller.logo(organizationId, header.logoFile)
      : null;
  // A logo stored before uploads were checked may not draw: the PDF leaves it out (issue 27).
  const logo = stored && drawableLogo(stored, header.logoContentType ?? '') ? stored : null;
  const cityLine = cityLineOf(header.city, header.region, header.postalCode);
  const content = await renderInvoicePdf(
    {
      invoice,
      firm: {
        name: header.name,
        primaryColor: header.primaryColor,
        remitTo: header.remitTo,
        footer: header.footer,
        logo,
      },
      client: {
        legalName: header.legalName,
        address: [header.addressLine1, header.addressLine2, cityLine].filter(Boolean),
      },
    },
    invoice.portal_url,
  );
  const fileName = `invoice-${(invoice.number ?? `draft-${invoice.id}`).replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`;
  return { content, fileName, invoice };
}
