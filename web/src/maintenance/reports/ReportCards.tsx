import { Children, type ReactNode } from 'react';
import { Card, SimpleGrid, Stat } from '@chakra-ui/react';

/** A report's charts, each on its own card. */
export function ChartGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
      {Children.map(children, (chart) => (
        <Card.Root>
          <Card.Body>{chart}</Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/** One figure of a report on its card, with a line under it when it needs one ("3 deposits"). */
export function StatCard({ label, value, help }: { label: string; value: ReactNode; help?: string }) {
  return (
    <Card.Root>
      <Card.Body>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText>{value}</Stat.ValueText>
          {/* A <dd> too: the stat is a definition list, which may hold nothing else (axe). */}
          {help && <Stat.HelpText as="dd">{help}</Stat.HelpText>}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
