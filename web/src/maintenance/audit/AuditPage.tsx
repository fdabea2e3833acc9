import { useState } from 'react';
import { Alert, Box, Button, Stack, Table, Text } from '@chakra-ui/react';
import { AUDIT_ACTIONS, auditRoutes, ROLE_LABELS, type AuditEntry, type AuditPage as Page, type AuditVerification } from '@bb/contracts';
import { serverMessage } from '../../shared/api/request';
import { callRoute, routeUrl } from '../../shared/api/routes';
import { counted, manilaToday } from '../../shared/format';
import { toast } from '../../shared/ui/toaster';
import { useMinWidth } from '../../shared/ui/useMinWidth';
import { useSessionExpiry } from '../api';
import {
  AUDIT_ACTION_LABELS,
  auditCsv,
  auditFileName,
  auditQuery,
  auditRangeProblem,
  auditScope,
  changeText,
  NO_AUDIT_FILTERS,
  verificationText,
  type AuditFilters,
} from '../domain/audit';
import { formatInstant } from '../domain/dates';
import { LineIcon } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';
import { SelectField, TextField } from '../ui/fields';
import { DateRangeFields, FilterForm } from '../ui/FilterForm';
import { PagedList, usePagedList } from '../ui/PagedList';
import { TableHead } from '../ui/TableHead';
import { useRecordedExport } from '../ui/useRecordedExport';
import { CardFacts } from '../ui/CardFacts';

const TABLE_MIN_WIDTH = 1000;
const PAGE_SIZE = 50;

const ACTION_OPTIONS = [{ value: '', label: 'Every action' } as const, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }))];

const who = (e: AuditEntry) => (e.actor ? `${e.actor.username} (${ROLE_LABELS[e.actor.role]})` : '—');

function Filters({ value, onApply }: { value: AuditFilters; onApply: (f: AuditFilters) => void }) {
  return (
    <FilterForm value={value} blank={NO_AUDIT_FILTERS} problemOf={auditRangeProblem} onApply={onApply} wideColumns={4}>
      {(draft, set, problem) => (
        <>
          <DateRangeFields labels={['From', 'To']} from={draft.from} to={draft.to} problem={problem} onChange={set} />
          <SelectField label="Action" value={draft.action} options={ACTION_OPTIONS} onChange={(action) => set({ action })} />
          <TextField label="Username" value={draft.actor} onChange={(actor) => set({ actor })} autoComplete="off" />
        </>
      )}
    </FilterForm>
  );
}

function EntryTable({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label="Audit entries">
      <Table.Root size="sm">
        <TableHead columns={['When', 'Who', 'Action', 'Subject', 'Change', 'From']} />
        <Table.Body>
          {entries.map((e) => (
            <Table.Row key={e.seq} data-audit-seq={e.seq}>
              <Table.Cell whiteSpace="nowrap">{formatInstant(e.at)}</Table.Cell>
              <Table.Cell>{who(e)}</Table.Cell>
              <Table.Cell>{AUDIT_ACTION_LABELS[e.action]}</Table.Cell>
              <Table.Cell overflowWrap="anywhere">{e.subject}</Table.Cell>
              <Table.Cell overflowWrap="anywhere">{changeText(e)}</Table.Cell>
              <Table.Cell>{e.address ?? '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function EntryCards({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Audit entries">
      {entries.map((e) => (
        <Box as="li" key={e.seq} borderWidth="1px" borderRadius="md" p="3" data-audit-seq={e.seq}>
          <Text fontWeight="semibold">{AUDIT_ACTION_LABELS[e.action]}</Text>
          <Text fontSize="sm" color="fg.muted" mb="2">
            {formatInstant(e.at)}
          </Text>
          <CardFacts
            labelWidth="5rem"
            facts={[['Who', who(e)], ['Subject', e.subject], Boolean(changeText(e)) && ['Change', changeText(e)], ['From', e.address ?? '—']]}
          />
        </Box>
      ))}
    </Stack>
  );
}

/** The audit trail, newest first, filtered; more on request; its integrity checked; what is shown as CSV. */
export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_AUDIT_FILTERS);
  const wide = useMinWidth(TABLE_MIN_WIDTH);
  const expired = useSessionExpiry();
  const exporter = useRecordedExport();
  const url = routeUrl(auditRoutes.list, undefined, { ...auditQuery(filters), limit: PAGE_SIZE });
  const list = usePagedList(url, (page: Page) => page.entries, 'Failed to fetch the audit trail');
  const entries = list.items;
  const [verification, setVerification] = useState<AuditVerification | null>(null);
  const [checking, setChecking] = useState(false);

  const check = async () => {
    setChecking(true);
    try {
      setVerification(await callRoute(auditRoutes.verify));
    } catch (err) {
      if (!expired(err)) toast.error('Failed to check the audit trail', serverMessage(err));
    } finally {
      setChecking(false);
    }
  };

  const download = () =>
    exporter.run({
      kind: 'audit-csv',
      rows: entries.length,
      scope: auditScope(filters),
      fileName: auditFileName(manilaToday()),
      text: auditCsv(entries),
      success: `Exported ${counted(entries.length, 'entry', 'entries')} to CSV`,
    });

  return (
    <>
      <PageHeader
        title="Audit"
        description="Sign-ins, changes and exports, newest first. Each entry carries the hash of the one before it, so a changed or removed entry is found."
        actions={
          <>
            <Button variant="outline" onClick={() => void check()} loading={checking}>
              <LineIcon name="security" />
              Check integrity
            </Button>
            {exporter.allowed && (
              <Button variant="outline" onClick={() => void download()} disabled={entries.length === 0}>
                <LineIcon name="download" />
                Download CSV
              </Button>
            )}
          </>
        }
      />
      {verification && (
        <Alert.Root status={verification.ok ? 'success' : 'error'} mb="6" role="status">
          <Alert.Indicator />
          <Alert.Description>{verificationText(verification)}</Alert.Description>
        </Alert.Root>
      )}
      <Filters value={filters} onApply={setFilters} />
      <PagedList
        list={list}
        loadingText="Loading the audit trail..."
        errorText="The audit trail could not be loaded."
        empty={{ title: 'No Entries', text: 'Nothing recorded matches these filters.' }}
        shown={counted(entries.length, 'entry', 'entries')}
      >
        {wide ? <EntryTable entries={entries} /> : <EntryCards entries={entries} />}
      </PagedList>
    </>
  );
}
