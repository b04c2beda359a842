import { describe, expect, it } from 'vitest';
import { searchGuide } from './guide-search';

const sections = [
  { anchor: 'a', title: 'Billing', text: 'Issue invoices and record payments.' },
  { anchor: 'b', title: 'Reports', text: 'Billing figures by month.' },
  { anchor: 'c', title: 'Other', text: 'Nothing here.' },
];

describe('searchGuide (SPEC 5 word scoring)', () => {
  it('ranks a title match above a text match and leaves out sections without one', () => {
    expect(searchGuide('billing', sections).map((result) => result.id)).toEqual(['a', 'b']);
  });

  it('adds the scores of every word', () => {
    expect(searchGuide('month figures invoices', sections).map((result) => result.id)).toEqual(['b', 'a']);
  });

  it('ignores words shorter than three characters', () => {
    expect(searchGuide('by on', sections)).toEqual([]);
    expect(searchGuide('a billing', sections)).toHaveLength(2);
  });

  it('answers guide results that link to the section anchor', () => {
    expect(searchGuide('payments', sections)[0]).toMatchObject({
      type: 'guide',
      title: 'Billing',
      url: '/guide#a',
      meta: { section: 'Billing' },
    });
  });
});
