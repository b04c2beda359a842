import { and, count, eq, inArray } from 'drizzle-orm';
import { withTenant, type Db } from '../client';
import { organizations, supportTicketMessages, supportTickets, users } from '../schema/index';

export type SeededSupport = { subdomain: string; tickets: number };

type DemoMessage = { by: string; hoursAfter: number; body: string };
type DemoTicket = {
  by: string;
  subject: string;
  category: string;
  priority: string;
  status: string;
  daysAgo: number;
  description: string;
  assignee?: string;
  messages: DemoMessage[];
};

const DEMO_TICKETS: DemoTicket[] = [
  {
    by: 'staff',
    subject: 'How do I write down time before billing?',
    category: 'question',
    priority: 'normal',
    status: 'resolved',
    daysAgo: 6,
    assignee: 'admin',
    description:
      'A client asked for a discount on last month’s tax prep. Where do I reduce the amount without changing my hours?',
    messages: [
      {
        by: 'admin',
        hoursAfter: 3,
        body: 'Open the client’s WIP page (Clients, then the client, then WIP), tick the entries and enter a write-down with a reason. Your hours stay as recorded; only the billed amount changes.',
      },
      { by: 'staff', hoursAfter: 5, body: 'Found it, thank you.' },
    ],
  },
  {
    by: 'billing',
    subject: 'Statement e-mail did not reach the client',
    category: 'problem',
    priority: 'high',
    status: 'waiting',
    daysAgo: 2,
    assignee: 'admin',
    description: 'I e-mailed a statement to a client yesterday and they say nothing arrived.',
    messages: [
      {
        by: 'admin',
        hoursAfter: 2,
        body: 'Could you check the invoice e-mail on the client’s record? If it has a typo, fix it and send the statement again.',
      },
    ],
  },
  {
    by: 'manager',
    subject: 'Export of the team’s weekly hours',
    category: 'feature_request',
    priority: 'low',
    status: 'open',
    daysAgo: 1,
    description: 'It would help to download Team Time as a spreadsheet for our Monday meeting.',
    messages: [],
  },
];

const hours = (count: number) => count * 60 * 60 * 1000;

/**
 * A few tickets with replies in the demo firm (issue 18), so /support-tickets has content.
 * Written directly (no e-mails: nobody asked for help). A firm with tickets is left as it is.
 */
export async function seedDemoSupport(db: Db, options: { now: Date; subdomain?: string }): Promise<SeededSupport[]> {
  const subdomain = options.subdomain ?? 'demo';
  const [firm] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.subdomain, subdomain));
  if (!firm) return [];
  const organizationId = firm.id;
  const seeded = await withTenant(db, organizationId, async (tx) => {
    const [existing] = await tx.select({ value: count() }).from(supportTickets);
    if ((existing?.value ?? 0) > 0) return 0;
    const people = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(
        and(
          eq(users.organizationId, organizationId),
          inArray(users.username, ['admin', 'staff', 'billing', 'manager']),
        ),
      );
    const idOf = (username: string) => people.find((person) => person.username === username)!.id;
    for (const demo of DEMO_TICKETS) {
      const opened = new Date(options.now.getTime() - demo.daysAgo * hours(24));
      const last = demo.messages.at(-1);
      const updated = last ? new Date(opened.getTime() + hours(last.hoursAfter)) : opened;
      const [ticket] = await tx
        .insert(supportTickets)
        .values({
          organizationId,
          authorId: idOf(demo.by),
          assigneeId: demo.assignee ? idOf(demo.assignee) : null,
          subject: demo.subject,
          category: demo.category,
          priority: demo.priority,
          description: demo.description,
          status: demo.status,
          // The billing clerk has not opened the reply yet: the sidebar shows it as unread.
          authorReadAt: demo.by === 'billing' ? opened : updated,
          createdAt: opened,
          updatedAt: updated,
        })
        .returning({ id: supportTickets.id });
      for (const message of demo.messages) {
        await tx.insert(supportTicketMessages).values({
          organizationId,
          ticketId: ticket!.id,
          authorId: idOf(message.by),
          body: message.body,
          createdAt: new Date(opened.getTime() + hours(message.hoursAfter)),
        });
      }
    }
    return DEMO_TICKETS.length;
  });
  return seeded > 0 ? [{ subdomain, tickets: seeded }] : [];
}
