import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pageSchema, parseAnswer } from '../../../lib/api-answer';
import { invoiceKeys, writeReasonSchema } from './invoice-views';

/** GET /write-reasons: the firm's reason codes for write-ups and write-downs; the bill form offers the active ones. */
export function useWriteReasons() {
  return useQuery({
    queryKey: [...invoiceKeys.all, 'write-reasons'],
    queryFn: async () =>
      parseAnswer(pageSchema(writeReasonSchema), await api.get('/write-reasons')).items.filter(
        (reason) => reason.active,
      ),
  });
}
