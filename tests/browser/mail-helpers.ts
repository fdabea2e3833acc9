// Shared by the browser tests that follow a mail: what a mail the stack sent (read back from
// Mailpit through `mailpit` of service-kit/testing) says.
import { mailpit } from '@bb/service-kit/testing';

/** A mail's plain text and its HTML, one after the other: a link may be in either. */
export async function mailBody(id: string): Promise<string> {
  const message = await mailpit.message(id);
  return `${message.Text}\n${message.HTML}`;
}

/** The path (/manage/<token>) of the manage link a mail carries. */
export function manageLinkPath(body: string): string {
  const link = /https?:\/\/[^\s"'<>]+?(\/manage\/[A-Za-z0-9_-]{32})(?![A-Za-z0-9_-])/.exec(body);
  if (!link) throw new Error('the mail has no /manage/ link');
  return link[1];
}

/** The path (/maintenance/invite/<token>) of the set-password link an invitation mail carries. */
export function invitationPath(body: string): string {
  const link = /https?:\/\/[^\s"'<>]+?(\/maintenance\/invite\/[A-Za-z0-9_-]{20,200})(?![A-Za-z0-9_-])/.exec(body);
  if (!link) throw new Error('the mail has no /maintenance/invite/ link');
  return link[1];
}
