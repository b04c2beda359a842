import { useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { parseAnswer } from '../../../lib/api-answer';

const settingsSchema = z.object({ mileage_rate_mills: z.number() });

/** GET /expense-settings: the firm's rate per mile that a new mileage expense is priced at. */
export function useMileageRate() {
  return useQuery({
    queryKey: ['time', 'expense-settings'],
    queryFn: async () => parseAnswer(settingsSchema, await api.get('/expense-settings')).mileage_rate_mills,
    staleTime: 60_000,
  });
}
