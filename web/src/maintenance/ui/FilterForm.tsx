import { useState, type ReactNode } from 'react';
import { Box, Button, Field, Flex, Input, SimpleGrid } from '@chakra-ui/react';

interface FilterFormProps<F> {
  /** The filters in force: the form starts from them. */
  value: F;
  /** No filter at all: what Clear applies. */
  blank: F;
  /** What is wrong with the draft (a range that ends before it starts); nothing is applied while there is. */
  problemOf: (draft: F) => string | null | undefined;
  onApply: (filters: F) => void;
  /** The form as a search landmark of that name; none by default. */
  searchLabel?: string;
  /** Fields a row on wide screens. */
  wideColumns: number;
  children: (draft: F, set: (patch: Partial<F>) => void, problem: string | null | undefined) => ReactNode;
}

/** A list's filters: edited as a draft, applied together (never while a field is wrong), cleared at once. */
export function FilterForm<F>({ value, blank, problemOf, onApply, searchLabel, wideColumns, children }: FilterFormProps<F>) {
  const [draft, setDraft] = useState(value);
  const problem = problemOf(draft);
  const set = (patch: Partial<F>) => setDraft((d) => ({ ...d, ...patch }));
  return (
    <Box
      as="form"
      mb="6"
      role={searchLabel ? 'search' : undefined}
      aria-label={searchLabel}
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) onApply(draft);
      }}
    >
      <SimpleGrid columns={{ base: 1, sm: 2, lg: wideColumns }} gap="4" alignItems="end">
        {children(draft, set, problem)}
      </SimpleGrid>
      <Flex gap="2" mt="3" wrap="wrap">
        <Button type="submit" size="sm">
          Apply filters
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => {
            setDraft(blank);
            onApply(blank);
          }}
        >
          Clear
        </Button>
      </Flex>
    </Box>
  );
}

/** Two days bounding a list, both marked when they are wrong together; the problem said under the second. */
export function DateRangeFields({
  labels,
  from,
  to,
  problem,
  onChange,
}: {
  labels: [from: string, to: string];
  from: string;
  to: string;
  problem: string | null | undefined;
  onChange: (patch: { from?: string; to?: string }) => void;
}) {
  return (
    <>
      <Field.Root invalid={Boolean(problem)}>
        <Field.Label>{labels[0]}</Field.Label>
        <Input type="date" value={from} onChange={(e) => onChange({ from: e.target.value })} />
      </Field.Root>
      <Field.Root invalid={Boolean(problem)}>
        <Field.Label>{labels[1]}</Field.Label>
        <Input type="date" value={to} onChange={(e) => onChange({ to: e.target.value })} />
        {problem && <Field.ErrorText color="red.700">{problem}</Field.ErrorText>}
      </Field.Root>
    </>
  );
}
