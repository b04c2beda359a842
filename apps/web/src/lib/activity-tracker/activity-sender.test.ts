import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error';
import { outcomeOf, sendBatch } from './activity-sender';

describe('sending a batch', () => {
  it('maps the answer to the queue rules', () => {
    expect(outcomeOf(new ApiError('Session expired', 401, null))).toBe('unauthorized');
    expect(outcomeOf(new ApiError('Bad', 400, 'Bad'))).toBe('rejected');
    expect(outcomeOf(new ApiError('Too big', 413, null))).toBe('rejected');
    expect(outcomeOf(new ApiError('Down', 503, null))).toBe('retry');
    expect(outcomeOf(new ApiError('Server disconnected', 0, null, true))).toBe('retry');
    expect(outcomeOf(new TypeError('boom'))).toBe('retry');
  });

  it('posts SPEC 7’s body with the batch info', async () => {
    const post = vi.fn(async () => ({ logged_count: 1, failed_count: 0 }));
    expect(await sendBatch(post, [{ activity_type: 'click' }], 's-1')).toBe('sent');
    expect(post).toHaveBeenCalledWith('/api/activity-logs', {
      activities: [{ activity_type: 'click' }],
      batch_info: { batch_size: 1, timestamp: expect.any(String), session_id: 's-1' },
    });
  });
});
