import { useState } from 'react';
import { Button, Checkbox, Flex, Stack, Text } from '@chakra-ui/react';
import {
  practitionerRoutes,
  requirementRoutes,
  roomRoutes,
  scheduleRoutes,
  type Requirement,
  type RequirementUpdate,
  type Room,
  type Side,
} from '@bb/contracts';
import { callRoute, routePrefix, routeUrl, useRoute } from '../../shared/api/routes';
import { useWrite } from '../api';
import { LoadingState } from '../ui/states';
import { KIND_LABELS } from './RoomsCard';
import type { SideBookable } from './useSideBookables';
import { SectionCard } from '../ui/SectionCard';

interface RowProps {
  bookable: SideBookable;
  saved: Requirement | undefined;
  rooms: readonly Room[];
}

function CheckItem({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(e) => onChange(e.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

function RequirementRow({ bookable, saved, rooms }: RowProps) {
  const [edited, setEdited] = useState<RequirementUpdate | null>(null);
  const value: RequirementUpdate = edited ?? { practitioner: saved?.practitioner ?? false, rooms: saved?.rooms ?? [] };
  const save = useWrite({
    run: (body: RequirementUpdate) => callRoute(requirementRoutes.save, { params: { bookableId: bookable.id }, body }),
    // What an item needs decides its public times and whom a visitor may choose.
    refresh: [routeUrl(requirementRoutes.list), routeUrl(scheduleRoutes.availableSlots), routePrefix(practitionerRoutes.available)],
    success: 'Requirements saved successfully',
    failure: 'Failed to save requirements',
    onSuccess: () => setEdited(null),
  });
  const toggleRoom = (id: string, on: boolean) => setEdited({ ...value, rooms: on ? [...value.rooms, id] : value.rooms.filter((r) => r !== id) });
  return (
    <Stack as="li" gap="2" borderWidth="1px" borderRadius="md" p="3" data-bookable={bookable.name}>
      <Text fontWeight="semibold">{bookable.name}</Text>
      <Flex gap="4" wrap="wrap">
        <CheckItem label="Needs a practitioner" checked={value.practitioner} onChange={(practitioner) => setEdited({ ...value, practitioner })} />
        {rooms.map((r) => (
          <CheckItem
            key={r.id}
            label={`${r.name} (${KIND_LABELS[r.kind].toLowerCase()})`}
            checked={value.rooms.includes(r.id)}
            onChange={(on) => toggleRoom(r.id, on)}
          />
        ))}
      </Flex>
      <Button alignSelf="flex-start" size="sm" variant="outline" disabled={!edited} loading={save.isPending} onClick={() => save.mutate(value)}>
        Save Requirements
      </Button>
    </Stack>
  );
}

/** Per treatment or package: whether it needs a practitioner with that skill, and which rooms and equipment. */
export function RequirementsCard({ side, bookables, loading }: { side: Side; bookables: readonly SideBookable[]; loading: boolean }) {
  const requirements = useRoute(requirementRoutes.list);
  const rooms = useRoute(roomRoutes.list, { query: { offeringType: side } });
  return (
    <SectionCard
      title="Requirements"
      description="What each treatment or package needs. One that needs nothing is booked by the sessions-per-slot setting alone."
    >
      {loading || requirements.isLoading || rooms.isLoading ? (
        <LoadingState text="Loading requirements..." />
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" m="0" p="0">
          {bookables.map((b) => (
            <RequirementRow key={b.id} bookable={b} saved={requirements.data?.find((r) => r.bookableId === b.id)} rooms={rooms.data ?? []} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
