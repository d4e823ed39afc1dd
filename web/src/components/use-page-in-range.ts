import { useEffect } from 'react';

/**
 * Keeps a server-paged table on a page that exists: when a delete empties the last page (or a
 * total shrinks under the current page), it steps back to the new last page.
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
