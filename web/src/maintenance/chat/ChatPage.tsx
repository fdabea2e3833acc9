import { useEffect, useState } from 'react';
import { Badge, Box, Center, Grid, Tabs, Text } from '@chakra-ui/react';
import { chatRoutes } from '@bb/contracts';
import { useRoute } from '../../shared/api/routes';
import { useFetchErrorToast } from '../api';
import {
  CHAT_TAB_EMPTY,
  CHAT_TAB_LABELS,
  CHAT_TABS,
  hasNewSince,
  heldOrder,
  latestActivity,
  messageCounts,
  messagePollInterval,
  NO_SELECTION,
  opensAsSeen,
  tabCounts,
  withFirstSelected,
  type ChatSelection,
  type ChatTab,
} from '../domain/chat';
import { PageHeader } from '../ui/PageHeader';
import { LoadingState } from '../ui/states';
import { ChatThread } from './ChatThread';
import { ConversationList } from './ConversationList';
import { useSeenCounts } from './useSeenCounts';

/** The list as last shown: its tab, its order, and the message counts when it was put in order. */
interface HeldList {
  tab: ChatTab;
  ids: readonly string[];
  counts: Readonly<Record<string, number>>;
}

/**
 * Conversations on the left (unseen, then unanswered, then recent, when the list is put in
 * order), the open thread on the right. The list then holds still while the staff member works
 * (see heldOrder), and marks what changed.
 */
export function ChatPage() {
  const { seen, see } = useSeenCounts();
  const [tab, setTab] = useState<ChatTab>('all');
  const [selection, setSelection] = useState<ChatSelection>(NO_SELECTION);
  const selectedId = selection.id;
  const openByPerson = (id: string) => setSelection({ id, byPerson: true });
  // The latest activity sets the pace: a live chat is polled often, a quiet inbox rarely;
  // the list at twice the thread's interval.
  const conversations = useRoute(chatRoutes.list, {
    refetchInterval: (data) => 2 * messagePollInterval(latestActivity(data ?? []), new Date()),
  });
  useFetchErrorToast(conversations.error, 'Failed to fetch conversations');
  const list = conversations.data ?? [];
  const pollEvery = messagePollInterval(latestActivity(list), new Date());

  const [held, setHeld] = useState<HeldList | null>(null);
  const heldHere = held?.tab === tab ? held : null;
  const visible = conversations.data ? heldOrder(heldHere?.ids ?? null, list, tab, seen, selectedId) : [];
  const shownCounts = heldHere?.counts ?? messageCounts(list);
  const order = visible.map((c) => c.id).join(' ');
  useEffect(() => {
    if (!conversations.data) return;
    const data = conversations.data;
    setHeld((current) => {
      const sameTab = current?.tab === tab;
      if (sameTab && current.ids.join(' ') === order) return current;
      return { tab, ids: order ? order.split(' ') : [], counts: sameTab ? current.counts : messageCounts(data) };
    });
  }, [order, tab, conversations.data]);
  const counts = tabCounts(list, seen);
  const firstId = visible[0]?.id;
  useEffect(() => setSelection((current) => withFirstSelected(current, firstId)), [firstId]);
  const selected = list.find((c) => c.id === selectedId) ?? null;

  return (
    <>
      <PageHeader title="Chat" description="Answer visitors of the website. Replies are sent as Support Team." />
      <Grid
        templateColumns={{ base: '1fr', md: '20rem 1fr' }}
        borderWidth="1px"
        borderRadius="md"
        overflow="hidden"
        h={{ md: 'calc(100vh - 15rem)' }}
        minH="28rem"
      >
        <Box borderRightWidth={{ md: '1px' }} borderBottomWidth={{ base: '1px', md: '0' }} display="flex" flexDirection="column" minH="0">
          <Tabs.Root
            value={tab}
            onValueChange={(e) => setTab(e.value as ChatTab)}
            size="sm"
            variant="line"
            display="flex"
            flexDirection="column"
            flex="1"
            minH="0"
          >
            <Tabs.List>
              {CHAT_TABS.map((t) => (
                <Tabs.Trigger key={t} value={t} px="3">
                  {CHAT_TAB_LABELS[t]}
                  <Badge size="sm" variant="subtle" ml="1">
                    {counts[t]}
                  </Badge>
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {/* One panel per tab, as each tab names the panel it controls; only the chosen one holds the list. */}
            {CHAT_TABS.map((t) => (
              <Tabs.Content key={t} value={t} flex="1" overflowY="auto" maxH={{ base: '20rem', md: 'none' }} p="0">
                {t === tab &&
                  (conversations.isLoading ? (
                    <LoadingState text="Loading conversations..." />
                  ) : (
                    <ConversationList
                      conversations={visible}
                      seen={seen}
                      selectedId={selectedId}
                      isNew={(c) => hasNewSince(c, shownCounts, seen)}
                      emptyText={CHAT_TAB_EMPTY[tab]}
                      onSelect={openByPerson}
                    />
                  ))}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </Box>
        <Box minH="0" minW="0">
          {selected ? (
            <ChatThread
              key={selected.id}
              conversation={selected}
              pollInterval={pollEvery}
              seenByPerson={opensAsSeen(selection)}
              onOpen={() => openByPerson(selected.id)}
              onSeen={see}
            />
          ) : (
            <Center h="full" p="8">
              <Text color="fg.muted">Select a conversation to start chatting</Text>
            </Center>
          )}
        </Box>
      </Grid>
    </>
  );
}
