/**
 * The user guide (/guide) as data: the page renders it, and the global search indexes it
 * (SPEC 5: type guide, words scored, `meta.section` = the id). Each id is a SPEC 2 anchor.
 * Text is plain so that both can use it as it is.
 */
export type GuideSection = {
  /** The anchor: /guide#<id>. */
  id: GuideSectionId;
  title: string;
  /** One line, shown in the table of contents and as a search result's subtitle. */
  summary: string;
  /** SPEC 6: the guide says these parts are Admin only. */
  adminOnly: boolean;
  paragraphs: readonly string[];
  /** Steps drawn as a left-to-right flow where the order is the point. */
  flow?: readonly string[];
};

export const GUIDE_SECTION_IDS = [
  'getting-started',
  'time-tracking',
  'user-management',
  'client-management',
  'billing',
  'reports',
  'settings',
] as const;
export type GuideSectionId = (typeof GUIDE_SECTION_IDS)[number];

export const ADMIN_ONLY_NOTE = 'Admin only.';

export const GUIDE_SECTIONS: readonly GuideSection[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    summary: 'Signing in, the dashboard, the menu, search and roles.',
    adminOnly: false,
    paragraphs: [
      'Your firm has its own address (its subdomain). Open it, choose Log In and sign in with your username and password. If your firm asked for a second step, enter the 8-digit code we e-mail you, or use a passkey (Touch ID, Face ID, Windows Hello or a security key) instead of the password.',
      'The dashboard greets you with today’s date and a strip of figures: today’s and this week’s hours, completed tasks, active clients, pending invoices and this month’s revenue. Quick-action cards start the common jobs, and your bookmarked clients are one click away.',
      'The menu on the left shows only what your role allows. Time Tracking is your own time and expenses; Clients, Billing, AR Ledger, Reports and Admin appear when your role includes them; Support, Guide and Settings are there for everyone. On a phone the menu opens from the button at the top left.',
      'Roles decide what each person may see and change. The built-in roles are Administrator (everything), Partner, Manager, Staff, Billing and Read-only. A page you may not open sends you to Access denied; ask your administrator if you need more.',
      'The search box at the top finds clients, team members, time entries, invoices, activities and sections of this guide. Type at least three letters of a word.',
      'Support in the menu opens a ticket to your firm’s administrators: a subject, a category (question, problem, billing or feature request), a priority, a description and, if they help, screenshots or PDFs of at most 5 MB each. You get an e-mail for each answer and for each change of status, and the number of answers you have not read yet shows next to Support. Administrators see every ticket of the firm, answer it, assign it and set its status (open, in progress, waiting, resolved or closed). If you cannot sign in, write to the support address on the sign-in page.',
    ],
  },
  {
    id: 'time-tracking',
    title: 'Time tracking',
    summary: 'The week grid, the timer, expenses and receipts.',
    adminOnly: false,
    paragraphs: [
      'Time Tracking (the Time & Expense page) shows your week as a grid: one row per client and activity, one column per day. Type hours in a cell (1.5 or 1:30) and the entry is saved; Copy last week brings last week’s rows back. Durations are kept in whole minutes and shown as hours with one decimal.',
      'The timer in the top bar runs while you work: start it on a client and activity, and stopping it turns the elapsed time into an entry. Your firm may round entries when they are saved (to 6 or 15 minutes, up or to the nearest).',
      'Each entry has a client, an activity type (the service code, such as Individual tax return or Bookkeeping), a date, a duration, a narrative and a billable flag. The rate is captured when the entry is saved: the client’s override for that activity, else the activity’s rate, else your standard rate. A later rate change never re-prices entries already saved.',
      'An entry is a draft until you mark it completed. Once it is billed it is locked: it changes again only if its invoice is voided.',
      'Expenses sit below the time: date, client, category, amount, billable flag and an optional receipt. Mileage is entered in miles and priced at the firm’s rate. A receipt may be a PDF or an image of at most 5 MB.',
      'Managers see everyone’s week under Team Time and can enter time for a colleague.',
    ],
  },
  {
    id: 'user-management',
    title: 'User management',
    summary: 'Adding people, roles and rates.',
    adminOnly: true,
    paragraphs: [
      'User management is Admin only. Administrators add people with a username, e-mail address, name and role, set each person’s standard billing rate from a date on, and deactivate people who leave (their time and history stay).',
      'A role is a set of permissions: viewing or editing time entries, clients, invoices, billing, payments, the AR ledger, reports, users and the admin page. The Administrator role has them all. Administrators also see and answer every support ticket of the firm.',
      'Every change to users and roles is written to the audit trail with who made it, when, and the values before and after.',
    ],
  },
  {
    id: 'client-management',
    title: 'Client management',
    summary: 'Client records, contacts, activity types and rates.',
    adminOnly: true,
    paragraphs: [
      'Client management is Admin only. Clients lists the firm’s clients with search, status filters (active, inactive, prospect) and sorting; open a client for its details, contacts, work in progress, invoices and payments. Star a client to bookmark it on your dashboard.',
      'A client record holds the client ID, legal name, entity type, addresses, contacts, invoice e-mail, payment terms (Net 30 unless set), the responsible partner and manager, and the tax ID. The tax ID is encrypted when saved and only its last digits are ever shown.',
      'Activity types are the firm’s service codes with a default hourly rate and a billable flag. Per client (Activity types on the client’s page) you can switch types off and override rates from an effective date.',
    ],
  },
  {
    id: 'billing',
    title: 'Billing',
    summary: 'WIP, write-downs, invoices, payments and their application, aging and the ledger, the client portal.',
    adminOnly: true,
    flow: ['Time and expenses', 'WIP', 'Draft invoice', 'Issued invoice', 'Payment', 'AR ledger'],
    paragraphs: [
      'Billing is Admin only. Billed work moves along one path: time and expenses become work in progress (WIP), WIP becomes an invoice, the invoice becomes a receivable, a payment settles it, and every step that touches money is written to the AR ledger.',
      'WIP: a client’s WIP page lists every unbilled billable entry and expense, grouped by activity and by staff member, with its standard value (hours times the rate captured on the entry). Select the items to bill. To bill a different amount, enter it: the difference is spread over the selected items in proportion to their value, cents exact, and recorded per item as a write-down (or write-up) with the reason you choose. Items you do not select stay in WIP for a later bill.',
      'Invoices: Bill selected opens the draft. Set the date (the due date follows the client’s payment terms), choose a summary or detailed layout, pick an invoice text for the narrative (placeholders such as {client_name} and {period} are filled in), add fixed-fee lines and a tax rate if needed. Issuing gives the invoice the next number of the firm’s gapless sequence, locks its items and makes it pending. An issued invoice is never edited: correct it with a credit memo, write off what will not be collected, or void it, which returns its items to WIP.',
      'Payments: record a payment on the client’s Payments page with date, amount, method (check, ACH, card, wire, cash) and reference. It is applied to the oldest open invoices first unless you choose the invoices yourself; what is left is an unapplied credit that you can apply later. An invoice is partial until it is paid in full. Editing or voiding a payment reverses its applications.',
      'AR ledger and aging: the AR Ledger page lists every receivable event (invoice issued, payment applied, credit memo, write-off, void, refund) with a running balance per client. Rows are never changed or deleted: a correction is a new reversing row. The aging shows what is owed as Current, 1-30, 31-60, 61-90 and over 90 days past the due date. Export the rows as CSV, or download or e-mail a client statement.',
      'Client portal: every issued invoice can be e-mailed with its PDF, a portal link and an access code. The client opens the portal without an account, reads the invoice and pays it; the payment is applied and receipted once, however often the provider calls.',
      'Billing (View Client Totals) shows per client the unbilled WIP, what was billed and collected in a period and the AR balance, with a totals row.',
    ],
  },
  {
    id: 'reports',
    title: 'Reports',
    summary: 'Time, utilization, realization, revenue, aging and collections.',
    adminOnly: false,
    paragraphs: [
      'Reports is open to roles with the reports permission. Choose a report and a period; each shows a table (and a chart where a picture reads better), and can be exported as CSV or printed.',
      'Time summary groups hours by client, staff member or activity. Utilization is billable hours divided by available hours (40 a week per person unless an administrator sets another number on the person’s record). Realization is billed divided by standard value; collection realization is collected divided by billed.',
      'Revenue by month, AR aging, WIP aging and collections complete the set. The figures are the same ones the ledger and the invoices hold, so a report always agrees with the AR Ledger page.',
    ],
  },
  {
    id: 'settings',
    title: 'Settings',
    summary: 'Profile, security, preferences and accessibility.',
    adminOnly: false,
    paragraphs: [
      'Settings holds your profile (name and e-mail address), security (change your password, which also signs out your other sessions; turn the e-mailed second step on or off; add or remove a passkey) and preferences such as long dates (January 5, 2026 instead of 1/5/2026).',
      'Accessibility settings (high contrast, large text, a dyslexia-friendly font, reduced motion, stronger focus indicators, zoom and cursor size) are kept in this browser and apply at once.',
      'The firm’s own settings (name, logo and colours, invoice number prefix, default payment terms, remit-to address, invoice footer, rounding and the mileage rate) are under Admin and are changed by administrators.',
    ],
  },
];

/** A section's words as one text, for search and for tests. */
export function guideSectionText(section: GuideSection): string {
  return [section.title, section.summary, ...(section.flow ?? []), ...section.paragraphs].join('\n');
}
