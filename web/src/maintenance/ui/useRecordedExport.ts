import { useCallback } from 'react';
import { auditRoutes, type ExportRecord } from '@bb/contracts';
import { serverMessage } from '../../shared/api/request';
import { callRoute } from '../../shared/api/routes';
import { toast } from '../../shared/ui/toaster';
import { useSessionExpiry } from '../api';
import { useMayCall } from '../auth/access';
import { downloadText } from './download';

export interface RecordedExport extends ExportRecord {
  fileName: string;
  text: string;
  /** The toast's words once saved: "Exported 3 subscribers to CSV". */
  success: string;
}

/**
 * Every export of personal data is recorded in the audit trail before its file is made: the
 * console asks the server first, and makes no file when that is refused. `allowed` says whether
 * the role may export at all (the export buttons are hidden otherwise).
 */
export function useRecordedExport() {
  const may = useMayCall();
  const expired = useSessionExpiry();
  const run = useCallback(
    async ({ kind, rows, scope, fileName, text, success }: RecordedExport) => {
      try {
        await callRoute(auditRoutes.recordExport, { body: { kind, rows, scope } });
      } catch (err) {
        if (!expired(err)) toast.error('Export failed', serverMessage(err));
        return;
      }
      downloadText(fileName, text);
      toast.success(success);
    },
    [expired],
  );
  return { allowed: may(auditRoutes.recordExport), run };
}
