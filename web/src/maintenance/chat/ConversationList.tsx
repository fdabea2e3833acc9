import { Badge, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { ConversationSummary } from '@bb/contracts';
import { isUnanswered, isUnseen, type SeenCounts } from '../domain/chat';
import { formatInstant } from '../domain/dates';

interface ConversationListProps {
  conversations: readonly ConversationSummary[];
  seen: SeenCounts;
  selectedId: string | null;
  emptyText: string;
  onSelect: (id: string) => void;
}

export function ConversationList({ conversations, seen, selectedId, emptyText, onSelect }: ConversationListProps) {
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
        return (
          <li key={c.id}>
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
                  <Text fontWeight={isUnseen(c, seen) ? 'bold' : 'semibold'} truncate>
                    {c.customerName}
                  </Text>
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
