import { useId, useState, type ReactNode } from 'react';
import { Box, chakra, Fieldset, Grid, Text } from '@chakra-ui/react';
import type { PublicPractitioner } from '@bb/contracts';
import { ANY_PRACTITIONER, initials } from './domain/practitioner';

/** A person's photo, or their initials on a neutral disc when there is none (or it fails to load). Decoration: the name is beside it. */
export function PractitionerAvatar({ name, imageUrl }: { name: string; imageUrl: string }) {
  const [failed, setFailed] = useState(false);
  const photo = imageUrl !== '' && !failed;
  return (
    <Box
      aria-hidden="true"
      flexShrink={0}
      boxSize="10"
      rounded="full"
      overflow="hidden"
      bg="gray.200"
      color="gray.700"
      display="flex"
      alignItems="center"
      justifyContent="center"
      fontSize="sm"
      fontWeight="semibold"
      data-testid="practitioner-avatar"
    >
      {photo ? (
        <img
          src={imageUrl}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          onError={() => setFailed(true)}
        />
      ) : (
        initials(name)
      )}
    </Box>
  );
}

/**
 * One choice as a card: a native radio (arrow keys move between the cards, Space picks) hidden
 * behind its label, which shows the choice, checked or not, and the keyboard focus.
 */
export function ChoiceCard({
  group,
  value,
  checked,
  onChange,
  children,
}: {
  group: string;
  value: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <chakra.label
      position="relative"
      display="flex"
      alignItems="center"
      gap="3"
      p="3"
      minW="0"
      rounded="lg"
      borderWidth="1px"
      cursor="pointer"
      borderColor={checked ? 'colorPalette.solid' : 'gray.200'}
      bg={checked ? 'colorPalette.subtle' : 'white'}
      css={{ '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'colorPalette.solid', outlineOffset: '2px' } }}
    >
      <chakra.input
        type="radio"
        name={group}
        value={value}
        checked={checked}
        onChange={onChange}
        // Visually hidden, still focusable and read as a radio.
        position="absolute"
        opacity="0"
        w="1px"
        h="1px"
        m="-1px"
        overflow="hidden"
      />
      {children}
    </chakra.label>
  );
}

interface PractitionerChoiceProps {
  practitioners: readonly PublicPractitioner[];
  /** The id chosen; blank: any available. */
  value: string;
  onChange: (practitionerId: string) => void;
}

/** "Any available" (the default) or one of the people who perform the chosen items, with their photo. */
export function PractitionerChoice({ practitioners, value, onChange }: PractitionerChoiceProps) {
  const group = useId();
  return (
    <Fieldset.Root data-testid="practitioner-choice">
      <Fieldset.Legend fontSize="lg" fontWeight="semibold" color="gray.900">
        Practitioner
      </Fieldset.Legend>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3" mt="3">
        <ChoiceCard group={group} value={ANY_PRACTITIONER} checked={value === ANY_PRACTITIONER} onChange={() => onChange(ANY_PRACTITIONER)}>
          <Text as="span" fontWeight="medium" color="gray.900">
            Any available
          </Text>
        </ChoiceCard>
        {practitioners.map((p) => (
          <ChoiceCard key={p.id} group={group} value={p.id} checked={value === p.id} onChange={() => onChange(p.id)}>
            <PractitionerAvatar name={p.name} imageUrl={p.imageUrl} />
            <Text as="span" fontWeight="medium" color="gray.900" minW="0" overflowWrap="anywhere">
              {p.name}
            </Text>
          </ChoiceCard>
        ))}
      </Grid>
    </Fieldset.Root>
  );
}
