import { createHash } from 'node:crypto';
import { normalisedEmail, possiblePhone, type PrivacySubject } from '@bb/contracts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What a request keeps of its subject once every service answered: hashes of the normalised address and number. */
export function subjectHashes(subject: PrivacySubject): { emailHash?: string; phoneHash?: string } {
  const phone = subject.phone ? possiblePhone(subject.phone) : null;
  return {
    ...(subject.email ? { emailHash: sha256(normalisedEmail(subject.email)) } : {}),
    ...(phone ? { phoneHash: sha256(phone) } : {}),
  };
}

/** A hint for the list that names nobody: the address's domain, the number's last two digits. */
export function subjectHint(subject: PrivacySubject): string {
  const hints: string[] = [];
  if (subject.email) hints.push(`e-mail ending ${normalisedEmail(subject.email).slice(subject.email.trim().lastIndexOf('@'))}`);
  const phone = subject.phone ? possiblePhone(subject.phone) : null;
  if (phone) hints.push(`phone ending ${phone.slice(-2)}`);
  return hints.join(', ');
}
