import { describe, expect, it } from 'vitest';
import {
  ActivityQueue,
  BATCH_SIZE,
  capText,
  IDENTICAL_DEDUPE_MS,
  NAVIGATION_DEDUPE_MS,
  redactFormFields,
  REDACTED,
  type TrackedActivity,
} from './activity-queue';

const click = (name: string): TrackedActivity => ({ activity_type: 'click', activity_name: name, element_text: name });
const visit = (url: string): TrackedActivity => ({ activity_type: 'navigation', page_url: url });

describe('the activity queue (SPEC 4, 5, 9)', () => {
  it('records a navigation to the same page once within 2 s', () => {
    const queue = new ActivityQueue();
    expect(queue.add(visit('/a'), 0)).toBe(true);
    expect(queue.add(visit('/a'), NAVIGATION_DEDUPE_MS - 1)).toBe(false);
    expect(queue.add(visit('/b'), NAVIGATION_DEDUPE_MS)).toBe(true);
    expect(queue.add(visit('/a'), 2 * NAVIGATION_DEDUPE_MS)).toBe(true);
    expect(queue.size).toBe(3);
  });

  it('records an identical event once within 500 ms', () => {
    const queue = new ActivityQueue();
    expect(queue.add(click('Save'), 0)).toBe(true);
    expect(queue.add(click('Save'), IDENTICAL_DEDUPE_MS - 1)).toBe(false);
    expect(queue.add(click('Cancel'), IDENTICAL_DEDUPE_MS - 1)).toBe(true);
    expect(queue.add(click('Save'), 2 * IDENTICAL_DEDUPE_MS)).toBe(true);
    expect(queue.size).toBe(3);
  });

  it('sends batches of 5 from the front', () => {
    const queue = new ActivityQueue();
    for (let index = 0; index < 7; index += 1) queue.add(click(`c${index}`), index * 1000);
    expect(queue.takeBatch().map((item) => item.activity_name)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
    expect(queue.size).toBe(2);
    expect(BATCH_SIZE).toBe(5);
  });

  it('requeues a batch at the front after a 5xx or network error, in order', () => {
    const queue = new ActivityQueue();
    for (let index = 0; index < 6; index += 1) queue.add(click(`c${index}`), index * 1000);
    const batch = queue.takeBatch();
    queue.settle(batch, 'retry');
    expect(queue.takeAll().map((item) => item.activity_name)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5']);
  });

  it('drops the batch after a 400, keeps the rest', () => {
    const queue = new ActivityQueue();
    for (let index = 0; index < 6; index += 1) queue.add(click(`c${index}`), index * 1000);
    queue.settle(queue.takeBatch(), 'rejected');
    expect(queue.takeAll().map((item) => item.activity_name)).toEqual(['c5']);
  });

  it('empties the whole queue after a 401', () => {
    const queue = new ActivityQueue();
    for (let index = 0; index < 8; index += 1) queue.add(click(`c${index}`), index * 1000);
    queue.settle(queue.takeBatch(), 'unauthorized');
    expect(queue.size).toBe(0);
  });

  it('forgets a sent batch', () => {
    const queue = new ActivityQueue();
    queue.add(click('c'), 0);
    queue.settle(queue.takeBatch(), 'sent');
    expect(queue.size).toBe(0);
  });
});

describe('what leaves the browser', () => {
  it('redacts password, ssn, social, credit_card, cvv and pin fields, and caps values at 100', () => {
    const fields = redactFormFields([
      ['username', 'sam'],
      ['new_password', 'secret'],
      ['client_ssn', '123-45-6789'],
      ['social_security', 'x'],
      ['credit_card_number', '4111'],
      ['CVV', '123'],
      ['pin_code', '0000'],
      ['narrative', 'y'.repeat(150)],
    ]);
    expect(fields).toEqual({
      username: 'sam',
      new_password: REDACTED,
      client_ssn: REDACTED,
      social_security: REDACTED,
      credit_card_number: REDACTED,
      CVV: REDACTED,
      pin_code: REDACTED,
      narrative: 'y'.repeat(100),
    });
  });

  it('cuts element text to 100 characters and folds whitespace', () => {
    expect(capText(`  Save\n  ${'z'.repeat(200)}`)).toHaveLength(100);
    expect(capText(' a \n b ')).toBe('a b');
    expect(capText(null)).toBe('');
  });
});
