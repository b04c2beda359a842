import type { SearchResult } from '@practice/shared';
import { GUIDE_SECTIONS, guideSectionText } from '../../lib/guide-sections';

/** A guide section as the search reads it: the page's anchor, title and all of its words. */
export type GuideEntry = { anchor: string; title: string; text: string };

/** The /guide page's own sections (SPEC 2 anchors): what the search finds is what the page shows. */
const GUIDE_ENTRIES: readonly GuideEntry[] = GUIDE_SECTIONS.map((section) => ({
  anchor: section.id,
  title: section.title,
  text: guideSectionText(section),
}));

/** SPEC 5: words shorter than this are ignored in word scoring. */
const MIN_WORD_LENGTH = 3;
const TITLE_WEIGHT = 3;

function wordsOf(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= MIN_WORD_LENGTH);
}

function excerpt(text: string, word: string): string {
  const at = text.toLowerCase().indexOf(word);
  const start = Math.max(0, at - 30);
  const cut = text.slice(start, start + 90).trim();
  return `${start > 0 ? '...' : ''}${cut}${start + 90 < text.length ? '...' : ''}`;
}

/**
 * The guide sections a query finds (SPEC 5 word scoring): each word of three or more letters
 * found in a title counts three, in the text one; sections with no score are left out, the
 * best first. Runs in the browser: the guide ships with the app.
 */
export function searchGuide(query: string, sections: readonly GuideEntry[] = GUIDE_ENTRIES): SearchResult[] {
  const words = wordsOf(query);
  if (words.length === 0) return [];
  return sections
    .map((section) => {
      const title = section.title.toLowerCase();
      const text = section.text.toLowerCase();
      const score = words.reduce(
        (total, word) => total + (title.includes(word) ? TITLE_WEIGHT : 0) + (text.includes(word) ? 1 : 0),
        0,
      );
      const firstHit = words.find((word) => text.includes(word)) ?? words[0]!;
      return { section, score, firstHit };
    })
    .filter((scored) => scored.score > 0)
    .sort((a, b) => b.score - a.score)
    .map(({ section, firstHit }) => ({
      id: section.anchor,
      type: 'guide' as const,
      title: section.title,
      subtitle: excerpt(section.text, firstHit),
      url: `/guide#${section.anchor}`,
      meta: { section: section.title },
    }));
}
