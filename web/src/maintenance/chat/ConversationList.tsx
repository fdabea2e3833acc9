import { useEffect, useRef } from 'react';
import { Badge, Box, Button, Flex, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ConversationSummary } from '@bb/contracts';
import { isUnanswered, isUnseen, type SeenCounts } from '../domain/chat';
import { formatInstant } from '../domain/dates';

interface ConversationListProps {
  conversations: readonly ConversationSummary[];
  seen: SeenCounts;
  selectedId: string | null;
  /** Messages have come in since the list was put in order: marked, as the list does not move for them. */
  isNew: (c: ConversationSummary) => boolean;
  emptyText: string;
  onSelect: (id: string) => void;
}

/** Scrolls the list (only the list: not the page, where the reply is being typed) so the item shows. */
function keepInView(item: HTMLElement) {
  let box = item.parentElement;
  while (box && !/(auto|scroll)/.test(getComputedStyle(box).overflowY)) box = box.parentElement;
  if (!box) return;
  const top = item.getBoundingClientRect().top - box.getBoundingClientRect().top;
  if (top < 0) box.scrollTop += top;
  else if (top + item.offsetHeight > box.clientHeight) box.scrollTop += top + item.offsetHeight - box.clientHeight;
}

export function ConversationList({ conversations, seen, selectedId, isNew, emptyText, onSelect }: ConversationListProps) {
  const selectedItem = useRef<HTMLLIElement>(null);
  const order = conversations.map((c) => c.id).join(' ');
  // The open conversation stays in view as the list refreshes (new ones come in on top).
  useEffect(() => {
    if (selectedItem.current) keepInView(selectedItem.current);
  }, [selectedId, order]);

  if (conversations.length === 0) {
    return (
      <Text color="fg.muted" p="4" fontSize="sm">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
      {conversations.map((c) => {
        const unseen = c.messageCount - (seen[c.id] ?? 0);
        const selected = c.id === selectedId;
        const fresh = isNew(c);
        return (
          <li key={c.id} ref={selected ? selectedItem : undefined} data-changed={fresh ? 'true' : undefined}>
            <Button
              variant="ghost"
              w="full"
              h="auto"
              py="3"
              px="4"
              borderRadius="0"
              borderBottomWidth="1px"
              justifyContent="flex-start"
              textAlign="left"
              bg={selected ? 'bg.emphasized' : undefined}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(c.id)}
            >
              <Box w="full" minW="0">
                <Flex justify="space-between" gap="2" align="center">
                  <Flex align="center" gap="1.5" minW="0">
                    {fresh && (
                      <Box as="span" w="2" h="2" flexShrink={0} rounded="full" bg="blue.600" data-testid="conversation-new-dot">
                        <VisuallyHidden>New messages:</VisuallyHidden>
                      </Box>
                    )}
                    <Text fontWeight={isUnseen(c, seen) ? 'bold' : 'semibold'} truncate>
                      {c.customerName}
                    </Text>
                  </Flex>
                  <Flex gap="1" flexShrink={0}>
                    {isUnanswered(c) && (
                      <Badge colorPalette="red" variant="solid" size="sm">
                        NEW
                      </Badge>
                    )}
                    {unseen > 0 && (
                      <Badge colorPalette="blue" variant="subtle" size="sm" aria-label={`${unseen} unseen`}>
                        {unseen}
                      </Badge>
                    )}
                  </Flex>
                </Flex>
                <Text fontSize="xs" color="fg.muted" truncate fontWeight="normal">
                  {c.lastMessagePreview || c.customerEmail}
                </Text>
                <Text fontSize="xs" color="fg.muted" fontWeight="normal">
                  {formatInstant(c.lastMessageAt ?? c.updatedAt)}
                </Text>
              </Box>
            </Button>
          </li>
        );
      })}
    </Stack>
  );
}
