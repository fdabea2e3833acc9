import { Button, Flex, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { reportRoutes, type DepositReport, type OfferingType } from '@bb/contracts';
import { counted, formatCentavos, manilaToday } from '../../shared/format';
import { useRoute } from '../../shared/api/routes';
import { toast } from '../../shared/ui/toaster';
import { useFetchErrorToast } from '../api';
import { depositChart, depositMethodRows, depositReportCsv, depositReportFileName } from '../domain/reports';
import { downloadText } from '../ui/download';
import { LineIcon } from '../ui/icons';
import { ErrorState, LoadingState } from '../ui/states';
import { BarChart } from './BarChart';
import { ChartGrid, StatCard } from './ReportCards';

const deposits = (n: number) => counted(n, 'deposit');

function DepositFigures({ report }: { report: DepositReport }) {
  const chart = depositChart(report);
  // Figures only, no customer: the file is not personal data, so it is not recorded in the audit trail.
  const exportCsv = () => {
    downloadText(depositReportFileName(manilaToday()), depositReportCsv(report));
    toast.success(`Exported ${counted(report.byDay.length, 'day')} of deposits to CSV`);
  };
  return (
    <>
      <Flex justify="flex-end" mb="4">
        <Button size="sm" variant="outline" onClick={exportCsv} disabled={report.byDay.length === 0}>
          <LineIcon name="download" />
          Export deposits CSV
        </Button>
      </Flex>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" mb="6">
        <StatCard label="Collected" value={formatCentavos(report.collected.centavos)} help={deposits(report.collected.count)} />
        <StatCard label="Refunded" value={formatCentavos(report.refunded.centavos)} help={deposits(report.refunded.count)} />
        <StatCard label="Kept" value={formatCentavos(report.kept.centavos)} help={deposits(report.kept.count)} />
        <StatCard label="Net" value={formatCentavos(report.netCentavos)} help="Collected less refunds" />
        <StatCard label="Refunds under way" value={formatCentavos(report.refundPending.centavos)} help={deposits(report.refundPending.count)} />
        <StatCard label="Awaiting payment" value={report.outstanding} />
        <StatCard label="Expired unpaid" value={report.expired} />
      </SimpleGrid>
      <ChartGrid>
        <BarChart
          title={chart.byMonth ? 'Collected by Month' : 'Collected by Day'}
          rows={chart.rows}
          color="green.500"
          format={formatCentavos}
          emptyText="No deposits collected in this range."
        />
        <BarChart
          title="Collected by Method"
          rows={depositMethodRows(report)}
          color="cyan.500"
          format={formatCentavos}
          emptyText="No deposits collected in this range."
        />
      </ChartGrid>
    </>
  );
}

/**
 * Deposits of the appointments of the range (payments' report): collected, refunded, kept, and
 * charts by day (by month for a long range) and by method. Shown only to roles the
 * route table lets call it.
 */
export function DepositsSection({ from, to, offering }: { from: string; to: string; offering: OfferingType }) {
  const report = useRoute(reportRoutes.deposits, { query: { from, to, offering } });
  useFetchErrorToast(report.error, 'Failed to fetch deposits report');
  return (
    <Stack as="section" aria-labelledby="deposits-heading" gap="0" mt="10">
      <Heading as="h2" id="deposits-heading" size="md" mb="2">
        Deposits
      </Heading>
      {report.isLoading ? (
        <LoadingState text="Loading deposits..." />
      ) : report.data ? (
        <DepositFigures report={report.data} />
      ) : (
        <ErrorState text="The deposits report could not be loaded." error={report.error} />
      )}
    </Stack>
  );
}
