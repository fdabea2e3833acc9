import type { ReactNode } from 'react';
import { DataList, type DataListRootProps } from '@chakra-ui/react';

/** A fact on a list's card: its label and value; false leaves it out. */
export type CardFact = readonly [label: string, value: ReactNode] | false;

/** The facts of one item on a narrow screen's card, labels in a column of `labelWidth`, long values wrapped anywhere. */
export function CardFacts({ facts, labelWidth, ...layout }: { facts: readonly CardFact[]; labelWidth: string } & Pick<DataListRootProps, 'mb'>) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="1.5" {...layout} css={{ '& dd': { overflowWrap: 'anywhere', minWidth: 0 } }}>
      {facts.map(
        (fact) =>
          fact && (
            <DataList.Item key={fact[0]}>
              <DataList.ItemLabel minW={labelWidth}>{fact[0]}</DataList.ItemLabel>
              <DataList.ItemValue>{fact[1]}</DataList.ItemValue>
            </DataList.Item>
          ),
      )}
    </DataList.Root>
  );
}
