import { useEffect } from 'react';

/**
 * Keeps a server-paged table on a page that exists: when a delete empties the last page (or a
 * total shrinks under the current page, or a link names a page past the end), it steps back to
 * the new last page. `total` must be this query's: undefined while a previous query's answer
 * stands in (React Query's placeholder data), else a page restored by the back button would be
 * measured against the list it came back from.
 */
export function usePageInRange(
  page: number,
  limit: number,
  total: number | undefined,
  setPage: (page: number) => void,
): void {
  useEffect(() => {
    if (total === undefined) return;
    const last = Math.max(1, Math.ceil(total / limit));
    if (page > last) setPage(last);
  }, [page, limit, total, setPage]);
}
