import { useNavigate } from 'react-router';
import type { SupportTicketInput } from '@practice/shared';
import { PageHeader } from '../../../components/page-header';
import { shellPaths } from '../../../config/paths';
import { flashNotice } from '../../../lib/flash-notice';
import { useCreateTicket, useUploadTicketFile } from '../api/tickets';
import { TicketForm } from '../components/ticket-form';
import '../support.css';

const BREADCRUMB = [{ label: 'Support tickets', to: shellPaths.supportTicketsManage.getHref() }];

/** /support-tickets/create (SPEC 2). The ticket is opened first, then its files are attached one by one. */
export default function SupportTicketCreatePage() {
  const navigate = useNavigate();
  const create = useCreateTicket();
  const upload = useUploadTicketFile();

  async function open(input: SupportTicketInput, files: File[]): Promise<void> {
    const ticket = await create.mutateAsync(input);
    const failed: string[] = [];
    for (const file of files) {
      try {
        await upload.mutateAsync({ ticketId: ticket.id, file });
      } catch (error) {
        failed.push(`${file.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    flashNotice(
      failed.length === 0
        ? `Ticket #${ticket.id} opened. You will get an e-mail when someone answers.`
        : `Ticket #${ticket.id} opened, but these files were not attached: ${failed.join('; ')}`,
    );
    await navigate(shellPaths.supportTicketDetail.getHref(ticket.id));
  }

  return (
    <div className="support-page">
      <PageHeader title="New support ticket" breadcrumb={BREADCRUMB}>
        <p className="muted">The firm&apos;s administrators see your ticket and answer it here and by e-mail.</p>
      </PageHeader>
      <TicketForm onSubmit={open} onCancel={() => void navigate(shellPaths.supportTicketsManage.getHref())} />
    </div>
  );
}
