const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface MailpitSummary {
  ID: string;
  To: { Address: string }[];
  Subject: string;
  Created: string;
}

/**
 * Watches Mailpit's newest messages for the addresses asked about. Mailpit stamps each message
 * with the time its SMTP transaction ended (Created, millisecond precision, same clock as this
 * process), so the latency is read from that stamp, not from when the poll happened to see it.
 */
export function mailWatcher(mailpitUrl: string) {
  /** Per recipient address, each mail seen: its subject and receive time (epoch ms), by Mailpit ID. */
  const arrivals = new Map<string, Map<string, { subject: string; at: number }>>();
  let running = true;
  let polls = 0;
  const loop = (async () => {
    while (running) {
      polls += 1;
      const res = await fetch(`${mailpitUrl}/api/v1/messages?limit=50`).catch(() => null);
      if (res?.ok) {
        const { messages } = (await res.json()) as { messages: MailpitSummary[] };
        for (const m of messages) {
          for (const to of m.To) {
            const mails = arrivals.get(to.Address) ?? new Map<string, { subject: string; at: number }>();
            mails.set(m.ID, { subject: m.Subject, at: Date.parse(m.Created) });
            arrivals.set(to.Address, mails);
          }
        }
      }
      await sleep(20);
    }
  })();
  return {
    polls: () => polls,
    /** When a mail to the address whose subject matches arrived (epoch ms), or null after the deadline. */
    async arrival(address: string, subject: RegExp, deadline: number): Promise<number | null> {
      for (;;) {
        const found = [...(arrivals.get(address)?.values() ?? [])].find((m) => subject.test(m.subject));
        if (found) return found.at;
        if (Date.now() > deadline) return null;
        await sleep(10);
      }
    },
    stop: async () => {
      running = false;
      await loop;
    },
  };
}
