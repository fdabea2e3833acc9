import { useState, type ReactNode } from 'react';
import { Box, Button, Card, Flex, LinkBox, LinkOverlay, SimpleGrid, Stack, type SimpleGridProps } from '@chakra-ui/react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { LineIcon } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';
import { ListStates } from '../ui/ListStates';
import { CardActions } from './CardActions';

/** How a content screen shows one item as a card. */
export interface ContentCard<Item> {
  /** The card's heading, and the name its buttons are labelled with. */
  title: (item: Item) => string;
  /** The picture at the top of the card (at its side in rows). */
  media: (item: Item) => ReactNode;
  /** A line above the heading (a news article's date). */
  eyebrow?: (item: Item) => ReactNode;
  /** What the card says under its heading. */
  body: (item: Item) => ReactNode;
  /** The item's detail screen: the whole card links there. */
  href?: (item: Item) => string;
  bodyGap?: string;
  titleSize?: string;
}

interface ContentListPageProps<Item extends { id: string }> {
  title: string;
  description: string;
  addLabel: string;
  onAdd: () => void;
  /** False hides the header's add button (when the empty state offers its own). */
  addInHeader?: boolean;
  query: { isLoading: boolean; error: unknown; data?: readonly Item[] };
  empty: ReactNode;
  /** A grid of cards (the default), or one card a row with the picture at its side. */
  layout?: { grid: SimpleGridProps['columns'] } | 'rows';
  card: ContentCard<Item>;
  /** Edit in a dialog on this screen; without it the card's link is the way to edit. */
  onEdit?: (item: Item) => void;
  /** The list's delete (by id). */
  remove: Pick<UseMutationResult<unknown, Error, string>, 'mutate' | 'isPending'>;
  /** How a delete is confirmed, as the spec says per screen; left out, a delete is immediate. */
  confirmDelete?: { dialog: string; message: (item: Item) => string } | { browser: string };
  /** The screen's dialogs. */
  children?: ReactNode;
}

const DEFAULT_GRID = { grid: { base: 1, sm: 2, lg: 3 } };

/**
 * A console content screen: its header with the add button, the list's loading, error and
 * empty states, and a card per item with Edit and Delete; each screen says only what its
 * cards show and what its buttons do.
 */
export function ContentListPage<Item extends { id: string }>(props: ContentListPageProps<Item>) {
  const { title, description, addLabel, onAdd, addInHeader = true, query, empty, layout = DEFAULT_GRID, card, onEdit, remove, confirmDelete, children } = props;
  const [deleting, setDeleting] = useState<Item | null>(null);
  const onDelete = (item: Item) => {
    if (confirmDelete && 'dialog' in confirmDelete) setDeleting(item);
    else if (!confirmDelete || window.confirm(confirmDelete.browser)) remove.mutate(item.id);
  };
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          addInHeader && (
            <Button onClick={onAdd}>
              <LineIcon name="plus" />
              {addLabel}
            </Button>
          )
        }
      />
      <ListStates query={query} loadingText={`Loading ${title.toLowerCase()}...`} errorText={`${title} could not be loaded.`} empty={empty}>
        {(items) =>
          layout === 'rows' ? (
            <Stack gap="4">
              {items.map((item) => (
                <ItemCard key={item.id} item={item} rows card={card} onEdit={onEdit} onDelete={onDelete} />
              ))}
            </Stack>
          ) : (
            <SimpleGrid columns={layout.grid} gap="4">
              {items.map((item) => (
                <ItemCard key={item.id} item={item} rows={false} card={card} onEdit={onEdit} onDelete={onDelete} />
              ))}
            </SimpleGrid>
          )
        }
      </ListStates>
      {children}
      {confirmDelete && 'dialog' in confirmDelete && (
        <ConfirmDialog
          open={deleting !== null}
          title={confirmDelete.dialog}
          message={deleting ? confirmDelete.message(deleting) : ''}
          confirmLabel="Delete"
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        />
      )}
    </>
  );
}

type ItemCardProps<Item extends { id: string }> = { item: Item; rows: boolean } & Pick<ContentListPageProps<Item>, 'card' | 'onEdit'> & {
    onDelete: (item: Item) => void;
  };

function ItemCard<Item extends { id: string }>({ item, rows, card, onEdit, onDelete }: ItemCardProps<Item>) {
  const name = card.title(item);
  const href = card.href?.(item);
  const content = (
    <>
      <Card.Body gap={card.bodyGap ?? '1'}>
        {card.eyebrow?.(item)}
        <Card.Title as="h2" fontSize={card.titleSize}>
          {href ? (
            <LinkOverlay asChild>
              <Link to={href}>{name}</Link>
            </LinkOverlay>
          ) : (
            name
          )}
        </Card.Title>
        {card.body(item)}
      </Card.Body>
      {/* Above the card's link, so its buttons stay clickable. */}
      <Card.Footer {...(href && { position: 'relative', zIndex: '1' })}>
        <CardActions name={name} onEdit={onEdit && (() => onEdit(item))} onDelete={() => onDelete(item)} />
      </Card.Footer>
    </>
  );
  const linked = href ? { _hover: { shadow: 'sm' }, ...(!rows && { h: 'full' }) } : {};
  const root = rows ? (
    <Card.Root flexDirection={{ base: 'column', md: 'row' }} overflow="hidden" {...linked}>
      <Box w={{ base: 'full', md: '14rem' }} flexShrink={0}>
        {card.media(item)}
      </Box>
      <Flex direction="column" flex="1">
        {content}
      </Flex>
    </Card.Root>
  ) : (
    <Card.Root overflow="hidden" {...linked}>
      {card.media(item)}
      {content}
    </Card.Root>
  );
  return href ? <LinkBox as="article">{root}</LinkBox> : root;
}
