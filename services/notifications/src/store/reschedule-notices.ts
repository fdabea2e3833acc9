import type { ChangedBy, OfferingType } from '@bb/contracts';
import type { RenderedMail } from '../domain/appointment-mails';
import { dueFields, LEAVES_QUEUE } from '../domain/due-hours';
import { appointmentMailId } from '../domain/mail-ids';
import type { NotificationModels } from '../models';
import { queueMail } from './mail-queue';

/** Reschedule notices: one per run of moves of an appointment, telling the customer the start they last heard of. */

/** A move of an appointment, for its reschedule notice. */
export interface Move {
  appointmentId: string;
  offeringType: OfferingType;
  recipient: string;
  from: { name: string; address: string };
  /** The appointment's revision after the move. */
  revision: number;
  /** Where the appointment was before this move. */
  previousStart: Date;
  /** Who made the move. */
  by: ChangedBy;
  /** When the notice goes if no further move comes. */
  dueAt: Date;
  now: Date;
  /** The notice's content, saying it moved from `previousStart` (the start the customer last heard of). */
  render: (previousStart: Date) => Promise<RenderedMail>;
}

/** A move handled after a later move of the same appointment, for the notice that later move opened. */
export interface EarlierMove {
  appointmentId: string;
  /** The appointment's revision after this move. */
  revision: number;
  /** Where the appointment was before this move. */
  previousStart: Date;
  now: Date;
  /**
   * The notice's content at the revision it tells (`null` when this service's copy of the
   * appointment is at another one: a later move is being folded in), from `previousStart`.
   */
  render: (told: number, previousStart: Date, by: ChangedBy) => Promise<RenderedMail | null>;
}

/** A notice superseded while a sender had it: if that attempt fails, the newer notice goes instead. */
const SUPERSEDED = 'Not sent: a later move of the appointment replaced it';
const CANCELLED_BEFORE_NOTICE = 'Not sent: the appointment was cancelled';
const MAX_TRIES = 10;

/**
 * Folds a move into the appointment's reschedule notice: the notice still open to moves gets
 * the new content and waits again (one write, guarded by the revision it read and by no
 * sender holding it), or, with none open, a new one is queued (its id from the revision, and
 * the unique `pendingNotice` keep two handlers from opening two). A notice a sender is sending
 * right now is closed instead (should that attempt fail, it is not tried again) and a new one
 * opened. Nothing when a notice already told this revision or a newer one (a redelivery).
 */
export async function noticeMove(models: NotificationModels, move: Move): Promise<'queued' | 'folded' | 'told'> {
  const { Mail } = models;
  const { appointmentId, revision, now } = move;
  for (let i = 0; i < MAX_TRIES; i++) {
    // The appointment's notices (a few), in one read: the open one, and whether one took this move in already.
    const notices = await noticesOf(models, appointmentId);
    // A notice that took this move in: open, or sent (or closed) since, and this is a redelivery.
    if (notices.some((n) => (n.factsRevision ?? -1) >= revision)) return 'told';
    const open = notices.find((n) => n.pendingNotice === appointmentId);
    if (open) {
      const held = open.factsRevision ?? -1;
      if (open.leaseUntil.getTime() > now.getTime()) {
        await Mail.updateOne(
          { _id: open._id, pendingNotice: appointmentId, factsRevision: held },
          { $set: { status: 'cancelled', lastResponse: SUPERSEDED }, $unset: { pendingNotice: 1, ...LEAVES_QUEUE } },
        );
        continue;
      }
      const content = await move.render(open.previousStart ?? move.previousStart);
      const folded = await Mail.updateOne(untouchedNotice(open, appointmentId, held, now), {
        $set: { ...content, recipient: move.recipient, from: move.from, ...dueFields(move.dueAt), factsRevision: revision, movedBy: move.by },
      });
      if (folded.matchedCount === 1) return 'folded';
      continue;
    }
    const created = await queueMail(models, {
      id: appointmentMailId(appointmentId, 'reschedule', revision),
      kind: 'reschedule',
      appointmentId,
      offeringType: move.offeringType,
      recipient: move.recipient,
      from: move.from,
      content: await move.render(move.previousStart),
      dueAt: move.dueAt,
      createdAt: now,
      notice: { factsRevision: revision, previousStart: move.previousStart, by: move.by },
    });
    if (created) return 'queued';
  }
  throw new Error(`the reschedule notice of ${appointmentId} kept changing under ${MAX_TRIES} attempts`);
}

/**
 * A move handled after a later move of the same appointment (replicas take events side by
 * side): the notice the later move opened said it moved from that move's earlier start, but
 * the customer last heard of this move's. While the notice is still open, and no notice told
 * this move, it says so. False when there is nothing to correct (or it is being sent: too late).
 */
export async function foldEarlierMove(models: NotificationModels, move: EarlierMove): Promise<boolean> {
  const { Mail } = models;
  const { appointmentId, revision, now } = move;
  for (let i = 0; i < MAX_TRIES; i++) {
    const notices = await noticesOf(models, appointmentId);
    const open = notices.find((n) => n.pendingNotice === appointmentId);
    const closedSince = notices.some((n) => n !== open && (n.factsRevision ?? -1) >= revision);
    if (!open || closedSince || (open.previousStartRevision ?? -1) <= revision || open.leaseUntil.getTime() > now.getTime()) return false;
    const told = open.factsRevision ?? -1;
    const content = await move.render(told, move.previousStart, open.movedBy ?? 'customer');
    if (content) {
      const moved = await Mail.updateOne(untouchedNotice(open, appointmentId, told, now), {
        $set: { ...content, previousStart: move.previousStart, previousStartRevision: revision },
      });
      if (moved.matchedCount === 1) return true;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/**
 * The open notice as it was read: still open, telling revision `told`, from the same earlier
 * start, and no sender holding it; a write with this filter loses to any change since.
 */
function untouchedNotice(open: { _id: string; previousStartRevision?: number | null }, appointmentId: string, told: number, now: Date) {
  return {
    _id: open._id,
    pendingNotice: appointmentId,
    factsRevision: told,
    previousStartRevision: open.previousStartRevision ?? null,
    leaseUntil: { $lte: now },
  };
}

/** An appointment's reschedule notices (a few), with what folding a move into them reads. */
function noticesOf(models: NotificationModels, appointmentId: string) {
  return models.Mail.find(
    { appointmentId, kind: 'reschedule', factsRevision: { $ne: null } },
    { factsRevision: 1, previousStart: 1, previousStartRevision: 1, movedBy: 1, leaseUntil: 1, pendingNotice: 1 },
  ).lean();
}

/** Cancelled: no reschedule notice of an earlier revision goes out any more (after the cancellation mail, say). */
export async function dropMoveNotices(models: NotificationModels, appointmentId: string, revision: number): Promise<void> {
  await models.Mail.updateMany(
    { appointmentId, kind: 'reschedule', status: 'queued', factsRevision: { $lt: revision } },
    { $set: { status: 'cancelled', lastResponse: CANCELLED_BEFORE_NOTICE }, $unset: { pendingNotice: 1, ...LEAVES_QUEUE } },
  );
}
