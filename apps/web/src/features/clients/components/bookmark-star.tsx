import { toast } from '../../../lib/toasts';
import { useBookmarkClient } from '../api/bookmark-client';

type BookmarkStarProps = { clientId: number; legalName: string; bookmarked: boolean };

/** The bookmark star: pressed when the client is among the user's bookmarks (SPEC 2 dashboard). */
export function BookmarkStar({ clientId, legalName, bookmarked }: BookmarkStarProps) {
  const bookmark = useBookmarkClient();
  return (
    <button
      type="button"
      className={bookmarked ? 'bookmark-star is-bookmarked' : 'bookmark-star'}
      aria-pressed={bookmarked}
      aria-label={`Bookmark ${legalName}`}
      title={bookmarked ? 'Remove bookmark' : 'Bookmark'}
      onClick={() =>
        bookmark.mutate(
          { clientId, bookmarked: !bookmarked },
          {
            onSuccess: () =>
              toast.success(bookmarked ? `${legalName} removed from your bookmarks.` : `${legalName} bookmarked.`),
            onError: (error) => toast.error('Bookmark not saved', error),
          },
        )
      }
    >
      <span aria-hidden="true">{bookmarked ? '★' : '☆'}</span>
    </button>
  );
}
