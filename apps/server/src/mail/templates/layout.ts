import { html, type SafeHtml } from '../html';

/** The frame of every HTML message; e-mail clients need inline styles. */
export function mailLayout(title: string, organizationName: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>${title}</title>
      </head>
      <body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933;">
        <div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px;">
          <p style="margin:0 0 24px;font-size:14px;color:#52606d;">${organizationName}</p>
          ${body}
        </div>
      </body>
    </html>`.value;
}
