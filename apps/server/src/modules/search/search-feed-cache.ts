import { LRUCache } from 'lru-cache';
import type { SessionUser } from '../../plugins/route-permission';
import type { feedScope } from '../dashboard/activity-feed';
import type { ActivityRow } from './search-activities';

/** The feed's page as search_view read it, with the latest audit id of the firm it reflects. */
export type FeedPage = { latest: number; items: ActivityRow[] };

/** What search_view answers of the feed: no items when the page kept under `latest` still holds. */
export type FeedAnswer = { latest: number | null; settled: boolean | null; items: ActivityRow[] | null };

type FeedScope = ReturnType<typeof feedScope>;

/** A reader's key, with the page kept under it when the search began. */
export type KeptFeed = { key: string; page: FeedPage | undefined };

/** Readers whose pages one server process keeps: every person of several large firms. */
const PAGES_KEPT = 5_000;

/**
 * The feed's latest 50 items each reader may see, kept per firm and scope between searches
 * (ADR 0196): a search asks the database for the page again only when the firm has written an
 * audit row since, so a run of searches reads the feed once. The scope is the feed's own:
 * everyone's time or only the reader's, with or without clients.
 */
export class SearchFeedCache {
  private readonly pages = new LRUCache<string, FeedPage>({ max: PAGES_KEPT });

  /** The page kept for this reader and scope, if any. */
  kept(actor: SessionUser, scope: FeedScope): KeptFeed {
    const key = `${actor.organizationId}:${scope.everyone ? 'all' : actor.id}:${scope.clients}`;
    return { key, page: this.pages.get(key) };
  }

  /** The page the answer brought (kept when no write was in progress as it was read), or the one kept. */
  itemsOf(kept: KeptFeed, answer: FeedAnswer): ActivityRow[] {
    if (answer.items === null) {
      if (!kept.page) throw new Error('search_view kept back a feed page this server does not hold');
      return kept.page.items;
    }
    if (answer.settled && answer.latest !== null)
      this.pages.set(kept.key, { latest: answer.latest, items: answer.items });
    return answer.items;
  }
}

/** The latest audit id to send search_view for a kept page: no firm's is negative. */
export function knownLatest(kept: KeptFeed): number {
  return kept.page?.latest ?? -1;
}
