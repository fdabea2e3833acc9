import { useCallback, useState } from 'react';
import { markSeen, parseSeenCounts, SEEN_COUNTS_KEY, type SeenCounts } from '../domain/chat';

/** How many messages of each conversation the admin has seen, kept across visits in localStorage. */
export function useSeenCounts() {
  const [seen, setSeen] = useState<SeenCounts>(() => parseSeenCounts(localStorage.getItem(SEEN_COUNTS_KEY)));
  const see = useCallback((id: string, count: number) => {
    setSeen((current) => {
      const next = markSeen(current, id, count);
      if (next !== current) localStorage.setItem(SEEN_COUNTS_KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  return { seen, see };
}
