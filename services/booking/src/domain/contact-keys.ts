/**
 * The keys the per-contact cap counts an appointment under: its e-mail (trimmed, lower-case)
 * and its phone number (digits only), so "Ana@Example.com " and "0917-000-0000" are the same
 * contact as "ana@example.com" and "0917 000 0000". A phone without digits gives no key.
 */
export function contactKeys(email: string, contact: string): string[] {
  const phone = contact.replace(/\D/g, '');
  return [`e:${email.trim().toLowerCase()}`, ...(phone ? [`p:${phone}`] : [])];
}
