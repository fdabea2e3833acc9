import { useMemo, useState } from 'react';
import { Button, Field, Flex, Heading, Input, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { reportRoutes, type AppointmentReport } from '@bb/contracts';
import { counted, manilaToday } from '../../shared/format';
import { useOffering } from '../../shared/offering/OfferingContext';
import { useRoute } from '../../shared/api/routes';
import { useFetchErrorToast } from '../api';
import { useAppointmentData } from '../appointments/useAppointmentData';
import { useMayCall } from '../auth/access';
import { OFFERING_LABELS } from '../domain/appointments';
import {
  ageGroupRows,
  appointmentsForReport,
  appointmentsReportCsv,
  defaultRange,
  genderRows,
  hourRows,
  itemRows,
  noShowRateText,
  practitionerReportCsv,
  practitionerReportFileName,
  practitionerRows,
  reportFileName,
  weekdayRows,
} from '../domain/reports';
import { useRecordedExport } from '../ui/useRecordedExport';
import { LineIcon } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';
import { ErrorState, LoadingState } from '../ui/states';
import { TableHead } from '../ui/TableHead';
import { BarChart, ColumnChart } from './BarChart';
import { DepositsSection } from './DepositsSection';
import { ChartGrid, StatCard } from './ReportCards';

const STATUS_STATS = [
  { key: 'pending', label: 'Pending' },
  { key: 'done', label: 'Done' },
  { key: 'cancelled', label: 'Cancelled' },
] as const;

/** Each practitioner's figures over the range: the numbers behind the chart, and their own CSV. */
function PractitionerTable({ report, scope }: { report: AppointmentReport; scope: string }) {
  const exporter = useRecordedExport();
  const exportCsv = () =>
    exporter.run({
      kind: 'practitioners-csv',
      rows: report.byPractitioner.length,
      scope,
      fileName: practitionerReportFileName(manilaToday()),
      text: practitionerReportCsv(report),
      success: `Exported ${counted(report.byPractitioner.length, 'practitioner')} to CSV`,
    });
  return (
    <Stack gap="3">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h3" size="sm">
          Practitioners
        </Heading>
        {exporter.allowed && (
          <Button size="sm" variant="outline" onClick={() => void exportCsv()}>
            <LineIcon name="download" />
            Export practitioners CSV
          </Button>
        )}
      </Flex>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label="Figures per practitioner">
        <Table.Root size="sm">
          <TableHead columns={['Practitioner', 'Appointments', 'Hours booked', 'Hours working', 'Utilisation']} />
          <Table.Body>
            {report.byPractitioner.map((p) => (
              <Table.Row key={p.id}>
                <Table.Cell>{p.name}</Table.Cell>
                <Table.Cell>{p.appointments}</Table.Cell>
                <Table.Cell>{p.hoursBooked}</Table.Cell>
                <Table.Cell>{p.hoursWorking}</Table.Cell>
                <Table.Cell>{p.utilisation}%</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}

/** Statistics of the bookings of one side over a date range, and the appointments as CSV. */
export function ReportsPage() {
  const { offering } = useOffering();
  const [range, setRange] = useState(() => defaultRange(manilaToday()));
  const validRange = range.from !== '' && range.to !== '' && range.from <= range.to;
  const report = useRoute(reportRoutes.appointments, { query: { from: range.from, to: range.to, offering }, enabled: validRange });
  useFetchErrorToast(report.error, 'Failed to fetch report');
  const { appointments, index } = useAppointmentData();
  const matching = useMemo(() => appointmentsForReport(appointments ?? [], range.from, range.to, offering), [appointments, range, offering]);
  const itemLabel = offering === 'clinic' ? 'Treatments' : 'Packages';
  const may = useMayCall();

  const exporter = useRecordedExport();
  const scope = `${OFFERING_LABELS[offering]} ${range.from} to ${range.to}`;
  const exportCsv = () =>
    exporter.run({
      kind: 'appointments-csv',
      rows: matching.length,
      scope,
      fileName: reportFileName(manilaToday()),
      text: appointmentsReportCsv(matching, index),
      success: `Exported ${counted(matching.length, 'appointment')} to CSV`,
    });

  const stats = (r: AppointmentReport) => (
    <>
      <SimpleGrid columns={{ base: 2, md: 5 }} gap="4" mb="6">
        <StatCard label="Total" value={r.total} />
        {STATUS_STATS.map((s) => (
          <StatCard key={s.key} label={s.label} value={r.byStatus[s.key]} />
        ))}
        <StatCard
          label="No-show rate"
          value={noShowRateText(r.attendance)}
          help={`${counted(r.attendance.noShow, 'no-show')} of ${r.attendance.attended + r.attendance.noShow} marked`}
        />
      </SimpleGrid>
      <ChartGrid>
        <BarChart title={itemLabel} rows={itemRows(r)} color="pink.500" emptyText="No treatment data available for the selected date range." />
        <BarChart title="Age Groups" rows={ageGroupRows(r)} color="purple.500" />
        <ColumnChart title="By Weekday" rows={weekdayRows(r)} color="blue.500" />
        <ColumnChart title="By Hour" rows={hourRows(r)} color="teal.500" />
        <BarChart title="Gender" rows={genderRows(r)} color="orange.500" />
        {/* An array, not `&&`: the grid puts every child (a false one too) on a card. */}
        {r.byPractitioner.length > 0
          ? [
              <BarChart key="chart" title="By Practitioner" rows={practitionerRows(r)} color="green.500" />,
              <PractitionerTable key="table" report={r} scope={scope} />,
            ]
          : []}
      </ChartGrid>
    </>
  );

  return (
    <>
      <PageHeader
        title="Reports"
        description={`Appointments of the ${OFFERING_LABELS[offering].toLowerCase()} by booked date${may(reportRoutes.deposits) ? ', and their deposits' : ''}.`}
        actions={
          exporter.allowed && (
            <Button variant="outline" onClick={() => void exportCsv()} disabled={matching.length === 0}>
              <LineIcon name="download" />
              Export CSV
            </Button>
          )
        }
      />
      <Flex gap="4" mb="6" wrap="wrap" align="flex-end">
        <Field.Root w="auto" invalid={!validRange}>
          <Field.Label>From</Field.Label>
          <Input type="date" value={range.from} max={range.to || undefined} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
        </Field.Root>
        <Field.Root w="auto" invalid={!validRange}>
          <Field.Label>To</Field.Label>
          <Input type="date" value={range.to} min={range.from || undefined} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
        </Field.Root>
        <Text fontSize="sm" color="fg.muted" pb="2">
          {validRange ? `${counted(matching.length, 'appointment')} to export (cancelled ones left out)` : 'Choose a start date on or before the end date.'}
        </Text>
      </Flex>
      {!validRange ? null : report.isLoading ? (
        <LoadingState text="Loading report..." />
      ) : report.data ? (
        stats(report.data)
      ) : (
        <ErrorState text="The report could not be loaded." error={report.error} />
      )}
      {validRange && may(reportRoutes.deposits) && <DepositsSection from={range.from} to={range.to} offering={offering} />}
    </>
  );
}
