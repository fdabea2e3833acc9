import { Heading, Text } from '@chakra-ui/react';
import type { Side, StaffMember } from '@bb/contracts';
import { Card } from './Card';
import { ItemImage } from './ItemImage';

export function StaffCard({ member, index, side }: { member: StaffMember; index: number; side: Side }) {
  return (
    <Card media={<ItemImage src={member.imageUrl} alt={`${member.name}, ${member.position}`} side={side} index={index + 2} ratio={1} />}>
      <Heading as="h3" fontSize="xl" fontFamily="heading" fontWeight="normal" color="gray.900">
        {member.name}
      </Heading>
      <Text color="colorPalette.fg" fontWeight="semibold" fontSize="sm" textTransform="uppercase" letterSpacing="wide">
        {member.position}
      </Text>
      <Text color="gray.600">{member.bio}</Text>
    </Card>
  );
}
