import type { PrivacyCounts, PrivacyRecords } from '@bb/contracts';
import { documentsOfSubject, idsOfSubject, isoOrNull, type PrivacySubjectData } from '@bb/service-kit';
import type { SubscriberModels } from '../models';

const SUBSCRIBER_FIELDS = { email: 'email', phone: 'phone' };

/** The subject's entries on the list (signed up, or captured from a booking or a chat). */
export async function subscriberRecordsOf(models: SubscriberModels, subject: PrivacySubjectData): Promise<PrivacyRecords> {
  const found = await documentsOfSubject(models.Subscriber, subject, SUBSCRIBER_FIELDS);
  return {
    subscribers: found.map((s) => ({
      id: String(s._id),
      email: s.email,
      fullName: s.fullName,
      phone: s.phone,
      source: s.source,
      offeringType: s.offeringType,
      subscribed: s.subscribed,
      consentMarketing: s.consentMarketing,
      pendingConfirmation: s.pendingConfirmation === true,
      tags: s.tags.join('; '),
      notes: s.notes,
      createdAt: isoOrNull(s.createdAt),
      lastInteraction: isoOrNull(s.lastInteraction),
    })),
  };
}

/** Removes the subject from the list, with any confirmation still waiting (its event leaves with the document). */
export async function eraseFromSubscribers(models: SubscriberModels, subject: PrivacySubjectData): Promise<PrivacyCounts> {
  const ids = await idsOfSubject(models.Subscriber, subject, SUBSCRIBER_FIELDS);
  return { subscribers: (await models.Subscriber.deleteMany({ _id: { $in: ids } })).deletedCount };
}
