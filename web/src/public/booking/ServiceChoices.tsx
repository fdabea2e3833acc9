import { useId, type Ref } from 'react';
import { Checkbox, Fieldset, Grid, Text } from '@chakra-ui/react';
import { formatDuration, formatPeso } from '../../shared/format';
import { StatusText } from '../components/StatusText';

export interface Bookable {
  id: string;
  name: string;
  price: string | number;
  defaultDuration: number | null;
}

interface ServiceChoicesProps {
  label: string;
  items: readonly Bookable[] | undefined;
  isPending: boolean;
  failedText: string | null;
  selected: readonly string[];
  error?: string;
  onToggle: (id: string) => void;
  gridRef: Ref<HTMLDivElement>;
}

/** The treatments (or packages) to tick, with their price and booking length. */
export function ServiceChoices({ label, items, isPending, failedText, selected, error, onToggle, gridRef }: ServiceChoicesProps) {
  const errorId = useId();
  return (
    <Fieldset.Root invalid={Boolean(error)} aria-describedby={error ? errorId : undefined}>
      <Fieldset.Legend fontSize="lg" fontWeight="semibold" color="gray.900">
        Choose your {label}s
      </Fieldset.Legend>
      {isPending && <StatusText>Loading...</StatusText>}
      {failedText && <StatusText tone="error">{failedText}</StatusText>}
      {items && items.length === 0 && <StatusText>No {label}s available yet</StatusText>}
      {items && items.length > 0 && (
        <Grid ref={gridRef} templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3" mt="3">
          {items.map((item) => {
            const checked = selected.includes(item.id);
            return (
              <Checkbox.Root
                key={item.id}
                checked={checked}
                invalid={Boolean(error)}
                onCheckedChange={() => onToggle(item.id)}
                alignItems="flex-start"
                p="3"
                rounded="lg"
                borderWidth="1px"
                borderColor={checked ? 'colorPalette.solid' : error ? 'red.500' : 'gray.200'}
                bg={checked ? 'colorPalette.subtle' : 'white'}
              >
                <Checkbox.HiddenInput aria-describedby={error ? errorId : undefined} />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label flex="1">
                  <Text as="span" display="block" fontWeight="medium" color="gray.900">
                    {item.name}
                  </Text>
                  <Text as="span" display="block" fontSize="sm" color="gray.600">
                    {formatPeso(item.price)}
                    {item.defaultDuration ? ` · ${formatDuration(item.defaultDuration)}` : ''}
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
            );
          })}
        </Grid>
      )}
      {error && (
        <Fieldset.ErrorText id={errorId} mt="2" color="red.700">
          {error}
        </Fieldset.ErrorText>
      )}
    </Fieldset.Root>
  );
}
