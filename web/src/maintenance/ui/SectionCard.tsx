import { useId, type ReactNode } from 'react';
import { Card } from '@chakra-ui/react';

/** A screen's section as a card, named by its heading: title, what it holds, then its body. */
export function SectionCard({ title, description, bodyGap, children }: { title: string; description: ReactNode; bodyGap?: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card.Root as="section" aria-labelledby={titleId}>
      <Card.Header>
        <Card.Title as="h2" id={titleId}>
          {title}
        </Card.Title>
        <Card.Description>{description}</Card.Description>
      </Card.Header>
      <Card.Body gap={bodyGap}>{children}</Card.Body>
    </Card.Root>
  );
}
