import { useEffect, useState } from 'react';
import { Button, DataList, Text } from '@chakra-ui/react';
import { appointmentRoutes, notificationRoutes, type Appointment, type AppointmentStatus, type AppointmentUpdate, type Attendance } from '@bb/contracts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { useMayCall } from '../auth/access';
import { clientName, STATUS_LABELS } from '../domain/appointments';
import { serviceNames, type BookableIndex } from '../domain/bookables';
import { formatBookedTime, formatCalendarDate } from '../domain/dates';
import { attendanceOffered, statusChoices, statusLimit } from '../domain/deposits';
import { SelectField, TextAreaField } from '../ui/fields';
import { FormDialog } from '../ui/FormDialog';
import { LineIcon } from '../ui/icons';
import { AppointmentMails } from './AppointmentMails';
import { AttendanceField } from './AttendanceField';
import { OfferingBadge } from './OfferingBadge';
import { PaymentBadge } from './PaymentBadge';
import { ReassignField } from './ReassignField';

interface AppointmentDialogProps {
  appointment: Appointment | null;
  index: BookableIndex;
  onClose: () => void;
  onSave: (id: string, change: AppointmentUpdate) => void;
  onDelete: (id: string) => void;
  /** The role may change status and comment (otherwise the dialog only shows the booking). */
  canEdit: boolean;
  /** The role may delete appointments. */
  canDelete: boolean;
  onReassign: (id: string, practitionerId: string, name: string) => void;
  reassigning: boolean;
  /** The server's refusal of the last reassignment of this appointment. */
  reassignError?: string;
  onAttendance: (id: string, attendance: Attendance | null) => void;
  attendanceSaving: boolean;
  /** The moment its deposit and start are read at. */
  now: Date;
}

/**
 * Read-only summary with its deposit, its practitioner (reassigned at once), status and admin
 * comment, whether the customer came (once it has started), and the appointment's mails; delete
 * asks first. What booking would refuse of a booking waiting for its deposit is not offered.
 */
export function AppointmentDialog({
  appointment,
  index,
  onClose,
  onSave,
  onDelete,
  canEdit,
  canDelete,
  onReassign,
  reassigning,
  reassignError,
  onAttendance,
  attendanceSaving,
  now,
}: AppointmentDialogProps) {
  const may = useMayCall();
  const readsMails = may(notificationRoutes.appointmentMails);
  const [status, setStatus] = useState<AppointmentStatus>('pending');
  const [comment, setComment] = useState('');
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    if (!appointment) return;
    setStatus(appointment.status);
    setComment(appointment.adminComment);
  }, [appointment]);

  if (!appointment) return null;
  const statusOptions = statusChoices(appointment, now).map((s) => ({ value: s, label: STATUS_LABELS[s] }));
  return (
    <>
      <FormDialog
        open={!confirming}
        title={canEdit ? 'Edit Appointment' : 'Appointment'}
        submitLabel={canEdit ? 'Save Changes' : 'Close'}
        onClose={onClose}
        onSubmit={() => (canEdit ? onSave(appointment.id, { status, adminComment: comment }) : onClose())}
        extraAction={
          canDelete && (
            <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
              <LineIcon name="trash" />
              Delete
            </Button>
          )
        }
      >
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>Client</DataList.ItemLabel>
            <DataList.ItemValue>{clientName(appointment)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Date</DataList.ItemLabel>
            <DataList.ItemValue>{formatCalendarDate(appointment.preferredDate)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Time</DataList.ItemLabel>
            <DataList.ItemValue>{formatBookedTime(appointment.preferredTime)}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Offering</DataList.ItemLabel>
            <DataList.ItemValue>
              <OfferingBadge offering={appointment.offeringType} />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Services</DataList.ItemLabel>
            <DataList.ItemValue>{serviceNames(appointment.treatments, index).join(', ')}</DataList.ItemValue>
          </DataList.Item>
          {appointment.payment && (
            <DataList.Item>
              <DataList.ItemLabel>Deposit</DataList.ItemLabel>
              <DataList.ItemValue data-testid="appointment-payment">
                <PaymentBadge payment={appointment.payment} now={now} />
              </DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
        {appointment.notes && (
          <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap">
            Notes: {appointment.notes}
          </Text>
        )}
        <ReassignField
          appointment={appointment}
          busy={reassigning}
          error={reassignError}
          onReassign={(practitionerId, name) => onReassign(appointment.id, practitionerId, name)}
        />
        <SelectField
          label="Status"
          value={status}
          onChange={(v) => setStatus(v as AppointmentStatus)}
          options={statusOptions}
          disabled={!canEdit}
          helper={statusLimit(appointment, now) ?? undefined}
        />
        {may(appointmentRoutes.attendance) && attendanceOffered(appointment, now) && (
          <AttendanceField value={appointment.attendance} busy={attendanceSaving} onChange={(a) => onAttendance(appointment.id, a)} />
        )}
        <TextAreaField label="Admin Comment" rows={4} value={comment} onChange={setComment} placeholder="Optional note for the team" disabled={!canEdit} />
        {readsMails && <AppointmentMails appointmentId={appointment.id} />}
      </FormDialog>
      <ConfirmDialog
        open={confirming}
        title="Delete Appointment"
        message="Are you sure you want to delete this appointment? This action cannot be undone."
        confirmLabel="Delete"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onDelete(appointment.id);
        }}
      />
    </>
  );
}
