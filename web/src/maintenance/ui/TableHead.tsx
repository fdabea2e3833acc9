import type { ReactNode } from 'react';
import { Table } from '@chakra-ui/react';

/** A console table's header row: one column heading per entry. */
export function TableHead({ columns }: { columns: ReactNode[] }) {
  return (
    <Table.Header>
      <Table.Row>
        {columns.map((column, i) => (
          <Table.ColumnHeader key={i}>{column}</Table.ColumnHeader>
        ))}
      </Table.Row>
    </Table.Header>
  );
}
