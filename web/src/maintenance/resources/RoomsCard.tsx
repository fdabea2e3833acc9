import { useState } from 'react';
import { Button, Flex, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { MAX_ROOM_COUNT, requirementRoutes, roomRoutes, ROOM_KINDS, scheduleRoutes, type Room, type Side } from '@bb/contracts';
import { callRoute, routePrefix, routeUrl, useRoute } from '../../shared/api/routes';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useWrite } from '../api';
import { LineIcon } from '../ui/icons';
import { LoadingState } from '../ui/states';
import { SectionCard } from '../ui/SectionCard';

export const KIND_LABELS: Record<Room['kind'], string> = { room: 'Room', equipment: 'Equipment' };

// A room's count and name decide which times are free; requirements name rooms.
const REFRESH = [routePrefix(roomRoutes.list), routeUrl(requirementRoutes.list), routeUrl(scheduleRoutes.availableSlots)];

interface Draft {
  name: string;
  kind: Room['kind'];
  count: string;
}

/** A room's three fields in a row: name, kind, how many. */
function RoomFields({ draft, onChange, label }: { draft: Draft; onChange: (draft: Draft) => void; label: string }) {
  return (
    <>
      <Input size="sm" flex="2" minW="10rem" aria-label={`${label} name`} value={draft.name} onChange={(e) => onChange({ ...draft, name: e.target.value })} />
      <NativeSelect.Root size="sm" w="9rem">
        <NativeSelect.Field aria-label={`${label} kind`} value={draft.kind} onChange={(e) => onChange({ ...draft, kind: e.target.value as Room['kind'] })}>
          {ROOM_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Input
        size="sm"
        w="5rem"
        type="number"
        min={1}
        max={MAX_ROOM_COUNT}
        step={1}
        aria-label={`${label} count`}
        value={draft.count}
        onChange={(e) => onChange({ ...draft, count: e.target.value })}
      />
    </>
  );
}

const bodyOf = (draft: Draft) => ({ name: draft.name.trim(), kind: draft.kind, count: Number(draft.count) });

function RoomRow({ room }: { room: Room }) {
  const [edited, setEdited] = useState<Draft | null>(null);
  const [confirming, setConfirming] = useState(false);
  const draft = edited ?? { name: room.name, kind: room.kind, count: String(room.count) };
  const update = useWrite({
    run: (d: Draft) => callRoute(roomRoutes.update, { params: { id: room.id }, body: bodyOf(d) }),
    refresh: REFRESH,
    success: 'Room or equipment saved successfully',
    failure: 'Failed to save room or equipment',
    onSuccess: () => setEdited(null),
  });
  const remove = useWrite({
    run: () => callRoute(roomRoutes.remove, { params: { id: room.id } }),
    refresh: REFRESH,
    success: 'Room or equipment deleted successfully',
    failure: 'Failed to delete room or equipment',
  });
  return (
    <HStack as="li" gap="2" wrap="wrap" data-room={room.name}>
      <RoomFields draft={draft} onChange={setEdited} label={room.name} />
      <Button size="sm" variant="outline" disabled={!edited} loading={update.isPending} onClick={() => update.mutate(draft)}>
        Save
      </Button>
      <Button size="sm" variant="outline" colorPalette="red" aria-label={`Delete ${room.name}`} loading={remove.isPending} onClick={() => setConfirming(true)}>
        <LineIcon name="trash" />
        Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete Room or Equipment"
        message={`Delete ${room.name}? Treatments or packages that need it must be changed first.`}
        confirmLabel="Delete"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(undefined);
        }}
      />
    </HStack>
  );
}

const EMPTY: Draft = { name: '', kind: 'room', count: '1' };

/** The side's rooms and equipment, how many of each; added, renamed, counted and deleted here. */
export function RoomsCard({ side }: { side: Side }) {
  const rooms = useRoute(roomRoutes.list, { query: { offeringType: side } });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const create = useWrite({
    run: (d: Draft) => callRoute(roomRoutes.create, { body: { offeringType: side, ...bodyOf(d) } }),
    refresh: REFRESH,
    success: 'Room or equipment added successfully',
    failure: 'Failed to add room or equipment',
    onSuccess: () => setDraft(EMPTY),
  });
  return (
    <SectionCard
      title="Rooms and Equipment"
      description={
        <>What a treatment or package may need, and how many there are (&ldquo;Treatment room × 3&rdquo;): no two appointments use one at the same time.</>
      }
      bodyGap="4"
    >
      {rooms.isLoading ? (
        <LoadingState text="Loading rooms..." />
      ) : (
        <Stack as="ul" listStyleType="none" gap="2" m="0" p="0">
          {(rooms.data ?? []).map((r) => (
            <RoomRow key={r.id} room={r} />
          ))}
          {rooms.data?.length === 0 && (
            <Text as="li" fontSize="sm" color="fg.muted">
              No rooms or equipment yet.
            </Text>
          )}
        </Stack>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(draft);
        }}
      >
        <Flex gap="2" wrap="wrap" align="center">
          <RoomFields draft={draft} onChange={setDraft} label="New room or equipment" />
          <Button type="submit" size="sm" loading={create.isPending} disabled={draft.name.trim() === ''}>
            Add
          </Button>
        </Flex>
      </form>
    </SectionCard>
  );
}
