import type { ReactNode } from 'react';
import { Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { LineIcon } from '../ui/icons';
import { DetailStates } from '../ui/DetailStates';
import { BackLink } from './BackLink';

interface ContentDetailPageProps<Item> {
  query: { isLoading: boolean; error: unknown; data?: Item; refetch: () => unknown };
  /** The way back to the list: 'Back to News'. */
  back: { to: string; label: string };
  /** What it says while loading, for an item that does not exist (the spec's 'Treatment not found'…), and when loading failed. */
  texts: { loading: string; notFound: string; failed: string };
  /** A line above the heading (a news article's date). */
  eyebrow?: (item: Item) => ReactNode;
  /** The page's heading. */
  title: (item: Item) => ReactNode;
  /** 'Edit Article', 'Edit Result'…: the button beside the heading. */
  editLabel: string;
  onEdit: () => void;
  /** What the page shows under its heading, and its edit dialog. */
  children: (item: Item) => ReactNode;
}

/** A console item's detail screen: the way back, its heading with an Edit button, and what it shows; loading, missing or failed as DetailStates says. */
export function ContentDetailPage<Item>({ query, back, texts, eyebrow, title, editLabel, onEdit, children }: ContentDetailPageProps<Item>) {
  const backLink = <BackLink to={back.to} label={back.label} />;
  return (
    <DetailStates query={query} back={backLink} loadingText={texts.loading} notFoundText={texts.notFound} failedText={texts.failed}>
      {(item) => {
        const heading = (
          <Heading as="h1" size="2xl">
            {title(item)}
          </Heading>
        );
        return (
          <Stack gap="6" maxW="3xl">
            {backLink}
            <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
              {eyebrow ? (
                <Stack gap="1">
                  {eyebrow(item)}
                  {heading}
                </Stack>
              ) : (
                heading
              )}
              <Button variant="outline" onClick={onEdit}>
                <LineIcon name="edit" />
                {editLabel}
              </Button>
            </Flex>
            {children(item)}
          </Stack>
        );
      }}
    </DetailStates>
  );
}
