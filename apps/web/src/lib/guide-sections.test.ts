import { describe, expect, it } from 'vitest';
import { GUIDE_SECTIONS, GUIDE_SECTION_IDS, guideSectionText } from './guide-sections';

describe('the guide sections', () => {
  it('are the SPEC 2 anchors, in order, each once', () => {
    expect(GUIDE_SECTIONS.map((section) => section.id)).toEqual([...GUIDE_SECTION_IDS]);
  });

  it('say that user management, client management and billing are Admin only (SPEC 6)', () => {
    const adminOnly = GUIDE_SECTIONS.filter((section) => section.adminOnly).map((section) => section.id);
    expect(adminOnly).toEqual(['user-management', 'client-management', 'billing']);
    for (const section of GUIDE_SECTIONS.filter((candidate) => candidate.adminOnly)) {
      expect(guideSectionText(section)).toMatch(new RegExp(`${section.title} is Admin only\\.`));
    }
  });

  it('explain the money screens in their own words', () => {
    const billing = guideSectionText(GUIDE_SECTIONS.find((section) => section.id === 'billing')!);
    for (const word of ['WIP', 'write-down', 'Issuing', 'unapplied credit', 'aging', 'ledger', 'portal']) {
      expect(billing).toContain(word);
    }
  });

  it('tell how to reach support, signed in and out', () => {
    const start = guideSectionText(GUIDE_SECTIONS[0]!);
    for (const words of ['Support in the menu opens a ticket', 'e-mail for each answer', 'sign-in page']) {
      expect(start).toContain(words);
    }
  });
});
