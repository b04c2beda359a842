import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';

const demoOutboxSchema = z.object({
  messages: z.array(
    z.object({
      id: z.number(),
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type DemoOutboxMessage = z.infer<typeof demoOutboxSchema>['messages'][number];

/**
 * GET /demo/outbox: the demo's kept mail. A server with SMTP_URL, or a real firm, answers 404,
 * which the admin page reads as "no outbox here" (ADR 0205).
 */
export function useDemoOutbox(options: { enabled: boolean; refetchInterval?: number }) {
  return useQuery({
    queryKey: ['demo-outbox'],
    queryFn: async () => parseAnswer(demoOutboxSchema, await api.get('/demo/outbox')).messages,
    enabled: options.enabled,
    refetchInterval: options.refetchInterval,
  });
}
