import type { ReactNode } from 'react';
import { Button, Flex, Text } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '../../shared/api/request';
import { useFetchErrorToast } from '../api';
import { EmptyState, ErrorState, LoadingState } from './states';

/**
 * A list read a page at a time, newest first: each page names the one before which the next
 * starts (`nextBefore`), asked for as `before`. The items of every page read so far, in order.
 */
export function usePagedList<P extends { nextBefore?: string | number }, T>(url: string, itemsOf: (page: P) => readonly T[], failure: string) {
  const pages = useInfiniteQuery({
    queryKey: [url],
    queryFn: ({ pageParam }) => apiJson<P>('GET', pageParam === undefined ? url : `${url}&before=${encodeURIComponent(pageParam)}`),
    initialPageParam: undefined as string | number | undefined,
    getNextPageParam: (last) => last.nextBefore,
  });
  useFetchErrorToast(pages.error, failure);
  return { pages, items: pages.data?.pages.flatMap(itemsOf) ?? [] };
}

interface PagedListProps {
  list: ReturnType<typeof usePagedList>;
  loadingText: string;
  errorText: string;
  empty: { title: string; text: string };
  /** How many are shown, in words ("12 payments"). */
  shown: string;
  /** The items, as a table or cards. */
  children: ReactNode;
}

/** A paged list's faces: loading, failed (with Try again), empty, or its items with how many and Load more while there are. */
export function PagedList({ list: { pages, items }, loadingText, errorText, empty, shown, children }: PagedListProps) {
  if (pages.isLoading) return <LoadingState text={loadingText} />;
  if (pages.error) return <ErrorState text={errorText} error={pages.error} onRetry={() => void pages.refetch()} />;
  if (items.length === 0) return <EmptyState title={empty.title} text={empty.text} />;
  return (
    <>
      {children}
      <Flex mt="4" gap="3" align="center" wrap="wrap">
        <Text fontSize="sm" color="fg.muted">
          Showing {shown}
        </Text>
        {pages.hasNextPage && (
          <Button size="sm" variant="outline" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
            Load more
          </Button>
        )}
      </Flex>
    </>
  );
}
