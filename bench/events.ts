import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ChatMessage } from '@bb/contracts';
import { manilaDateInDays } from '@bb/service-kit';
import { adminHeaders, expectOk, mixedLoad, openClinicForBookings, startConversation, type MixedRows } from './lib/mixed-load';
import { countingRowsRead, withRowsRead } from './lib/db-rows';
import { subscriberWatcher } from './lib/subscriber-watch';
import type { BenchContext, BenchResult, BenchRow } from './lib/types';
import { uniquePhone } from '@bb/service-kit/testing';
import { quantiles, round1, runStream, seenOf, sleep, type Outcome, type Stream } from './lib/event-streams';
import { startBot } from './lib/webhook-bot';

/** Run on an empty database and again with a year of data stored (scripts/bench.mjs, BENCH_DATA). */
export const eachDataSet = true;

/** Events measured per kind and condition (at least; under load the last window may add some). */
const EVENTS = 500;
/** Events of each kind sent before measuring: first connections, first reads, JIT. */
const WARM_UP = 10;
/** An event not seen this long after its trigger was sent is lost. */
const LOST_AFTER_MS = 10_000;
/** Events of each kind in flight under load (one at a time at idle). */
const IN_FLIGHT_LOADED = 4;
/**
 * At idle, the pause between one event being seen and the next being sent, so each event has
 * the system to itself. Back to back, each chat message waited ~40 ms more (see the
 * messageToWebhookP95IdleBackToBackMs figure): the tail of the previous one is still in the way.
 */
const IDLE_PAUSE_MS = 60;
/** Messages sent back to back (no pause) at idle, for that one figure. */
const BACK_TO_BACK = 100;
/** Messages per conversation: a conversation's document carries its messages, keep them few like real ones. */
const MESSAGES_PER_CONVERSATION = 20;
/** Stop extending the load after this long even if fewer events were measured (keeps the run bounded). */
const MAX_LOADED_SECONDS = 90;

/**
 * Event latency end to end, each kind one at a time at idle, then both kinds (a few in flight
 * each) under the mixed load of bench/mixed.ts:
 * - a booking (POST /api/appointments through the gateway) until the subscribers service has
 *   stored its subscriber (it consumes booking.appointment.created): seen by reading the
 *   subscribers database directly, by the address, at an interval that grows with the wait;
 * - a customer message (POST /api/messages) until chat's webhook delivery of it reaches a bot
 *   server of this benchmark.
 */
export default async function run(ctx: BenchContext): Promise<BenchResult> {
  const base = ctx.gatewayUrl;
  const mongoUrl = ctx.env.MONGO_URL;
  if (!mongoUrl) throw new Error('MONGO_URL is not set');
  const admin = adminHeaders(ctx);
  const json = { 'content-type': 'application/json' };
  const tag = Date.now().toString(36);
  const treatmentId = await openClinicForBookings(base, admin);

  const bot = await startBot();
  await expectOk(fetch(`${base}/api/webhook-config`, { method: 'POST', headers: admin, body: JSON.stringify({ webhookUrl: bot.url }) }));

  const watcher = await subscriberWatcher(mongoUrl, LOST_AFTER_MS);

  // Days 62–86: past the background load's days (2–61 ahead) and before the booking benchmark's
  // seeded ones (90 on), 11 hours a day, two half hours: 550 slots of 50 seats, none fills.
  let bookings = 0;
  const booking = async (): Promise<Outcome> => {
    const n = bookings++;
    const email = `events-${tag}-b${n}@example.com`;
    const body = JSON.stringify({
      firstName: 'Event',
      lastName: `Booker ${n}`,
      email,
      contact: uniquePhone(),
      preferredDate: manilaDateInDays(62 + (n % 25)),
      preferredTime: `${String(8 + (Math.floor(n / 25) % 11)).padStart(2, '0')}:${Math.floor(n / 275) % 2 ? '30' : '00'}`,
      treatments: [treatmentId],
      offeringType: 'clinic',
    });
    const sentAt = performance.now();
    let status = 0;
    try {
      const res = await fetch(`${base}/api/appointments`, { method: 'POST', headers: json, body, signal: AbortSignal.timeout(LOST_AFTER_MS) });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      return { kind: 'refused', status };
    }
    const answeredAt = performance.now();
    if (status !== 201) return { kind: 'refused', status };
    const seen = await watcher.watch(email, sentAt);
    if (!seen) return { kind: 'lost' };
    return { kind: 'seen', ms: seen.at - sentAt, answerMs: answeredAt - sentAt, uncertaintyMs: seen.uncertaintyMs };
  };

  /**
   * Conversations for one phase's messages, started before its clock runs, each taking the next
   * message in turn: one customer never has two messages in flight at once, as in real chats.
   */
  let conversationCount = 0;
  const messenger = async (messages: number) => {
    const ids: string[] = [];
    for (let i = 0; i < Math.ceil(messages / MESSAGES_PER_CONVERSATION); i++) {
      const c = conversationCount++;
      ids.push(await startConversation(base, `Event ${c}`, `events-${tag}-c${c}@example.com`));
    }
    let sent = 0;
    return async (): Promise<Outcome> => {
      const conversationId = ids[sent % ids.length];
      const body = JSON.stringify({ conversationId, senderType: 'customer', content: `Event message ${sent++}` });
      const sentAt = performance.now();
      let status = 0;
      let message: ChatMessage;
      try {
        const res = await fetch(`${base}/api/messages`, { method: 'POST', headers: json, body, signal: AbortSignal.timeout(LOST_AFTER_MS) });
        status = res.status;
        if (status !== 201) {
          await res.arrayBuffer();
          return { kind: 'refused', status };
        }
        message = (await res.json()) as ChatMessage;
      } catch {
        return { kind: 'refused', status };
      }
      const answeredAt = performance.now();
      const arrivedAt = await bot.arrival(`msg_${message.id}`, sentAt + LOST_AFTER_MS);
      if (arrivedAt === null) return { kind: 'lost' };
      return { kind: 'seen', ms: arrivedAt - sentAt, answerMs: answeredAt - sentAt, uncertaintyMs: 0 };
    };
  };

  // The background load: bench/mixed.ts's four kinds of visitors, on their own conversations and days.
  const loadConversations: string[] = [];
  for (let i = 0; i < 50; i++) loadConversations.push(await startConversation(base, `Mixed ${i}`, `events-${tag}-mixed-${i}@example.com`));
  const runMixedLoad = mixedLoad({ base, treatmentId, conversations: loadConversations, emailPrefix: `events-${tag}-mixed-` });

  const pollsPerEvent = (before: number, stream: Stream) => round1((watcher.polls() - before) / Math.max(1, stream.outcomes.length));

  try {
    // Warm-up, not measured.
    await runStream(booking, 1, (started) => started < WARM_UP).done;
    await runStream(await messenger(WARM_UP), 1, (started) => started < WARM_UP).done;

    // Idle: one event at a time, the next sent IDLE_PAUSE_MS after the last was seen (or lost).
    ctx.log(`idle: ${EVENTS} bookings one at a time…`);
    let pollsBefore = watcher.polls();
    const bookingIdleRun = await countingRowsRead(() => runStream(booking, 1, (started) => started < EVENTS, IDLE_PAUSE_MS).done);
    const bookingIdle = bookingIdleRun.result;
    const bookingIdlePolls = pollsPerEvent(pollsBefore, bookingIdle);
    ctx.log(`idle: ${EVENTS} customer messages one at a time…`);
    const sendIdleMessage = await messenger(EVENTS);
    const messageIdleRun = await countingRowsRead(() => runStream(sendIdleMessage, 1, (started) => started < EVENTS, IDLE_PAUSE_MS).done);
    const messageIdle = messageIdleRun.result;
    ctx.log(`idle: ${BACK_TO_BACK} customer messages back to back…`);
    const messageBackToBack = await runStream(await messenger(BACK_TO_BACK), 1, (started) => started < BACK_TO_BACK).done;

    // Under load: both kinds at once, a few in flight each, for as long as the load runs; the
    // load runs in windows of ctx.seconds until both kinds have EVENTS seen (or the cap).
    const sendMessage = await messenger(EVENTS * 2);
    ctx.log(`under the mixed load: bookings and messages, ${IN_FLIGHT_LOADED} of each in flight, load in windows of ${ctx.seconds} s…`);
    let loadOver = false;
    const loadStarted = performance.now();
    const loadWindows: MixedRows[] = [];
    const seenCount = (outcomes: Outcome[]) => outcomes.filter((o) => o.kind === 'seen').length;
    const streams: { bookings: Outcome[]; messages: Outcome[] } = { bookings: [], messages: [] };
    const loadRun = (async () => {
      for (;;) {
        loadWindows.push(await runMixedLoad(ctx.seconds));
        const [b, m] = [seenCount(streams.bookings), seenCount(streams.messages)];
        ctx.log(`load window ${loadWindows.length} over: ${b} bookings, ${m} messages seen so far`);
        if ((b >= EVENTS && m >= EVENTS) || (performance.now() - loadStarted) / 1000 + ctx.seconds > MAX_LOADED_SECONDS) break;
      }
      loadOver = true;
    })();
    // Let the load's connections open before the first measured event.
    await sleep(1000);
    pollsBefore = watcher.polls();
    // autocannon runs in this process: how late its timers and callbacks ran bounds how late
    // this process may have noted an arrival.
    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    const bookingRun = runStream(booking, IN_FLIGHT_LOADED, () => !loadOver);
    const messageRun = runStream(sendMessage, IN_FLIGHT_LOADED, () => !loadOver);
    streams.bookings = bookingRun.outcomes;
    streams.messages = messageRun.outcomes;
    const loadedRun = await countingRowsRead(async () => {
      const done = await Promise.all([bookingRun.done, messageRun.done]);
      await loadRun;
      return done;
    });
    const [bookingLoaded, messageLoaded] = loadedRun.result;
    lag.disable();
    const bookingLoadedPolls = pollsPerEvent(pollsBefore, bookingLoaded);

    const row = (scenario: string, target: string, stream: Stream): BenchRow => {
      const f = quantiles(seenOf(stream).map((o) => o.ms));
      return {
        scenario,
        target,
        requestsPerSec: round1(seenOf(stream).length / stream.seconds),
        p50Ms: f.p50,
        p99Ms: f.p99,
        errors: stream.outcomes.filter((o) => o.kind === 'lost').length,
        non2xx: stream.outcomes.filter((o) => o.kind === 'refused').length,
        requests: seenOf(stream).length,
      };
    };
    const bookingTarget = 'POST /api/appointments (gateway) sent → subscriber document stored';
    const messageTarget = 'POST /api/messages (gateway) sent → webhook request at the bot';
    // Under load, the rows read are those of everything at once, per request of any kind.
    const loadedRequests =
      bookingLoaded.outcomes.length +
      messageLoaded.outcomes.length +
      loadWindows.flatMap((w) => [w.browse, w.slots, w.book, w.chat]).reduce((sum, r) => sum + r.requests, 0);
    const rows = [
      withRowsRead(row('booking → subscriber captured, idle, one at a time', bookingTarget, bookingIdle), bookingIdleRun.rows, bookingIdle.outcomes.length),
      withRowsRead(
        row('customer message → webhook received, idle, one at a time', messageTarget, messageIdle),
        messageIdleRun.rows,
        messageIdle.outcomes.length,
      ),
      withRowsRead(
        row(`booking → subscriber captured, under the mixed load, ${IN_FLIGHT_LOADED} in flight`, bookingTarget, bookingLoaded),
        loadedRun.rows,
        loadedRequests,
      ),
      withRowsRead(
        row(`customer message → webhook received, under the mixed load, ${IN_FLIGHT_LOADED} in flight`, messageTarget, messageLoaded),
        loadedRun.rows,
        loadedRequests,
      ),
    ];
    for (const r of rows) ctx.log(`${r.scenario}: ${r.requests} events, p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, lost ${r.errors}, refused ${r.non2xx}`);

    const p95 = (s: Stream) => quantiles(seenOf(s).map((o) => o.ms)).p95;
    const p95Answer = (s: Stream) => quantiles(seenOf(s).map((o) => o.answerMs)).p95;
    const p95AfterAnswer = (s: Stream) => quantiles(seenOf(s).map((o) => o.ms - o.answerMs)).p95;
    const meanUncertainty = (s: Stream) => round1(seenOf(s).reduce((sum, o) => sum + o.uncertaintyMs, 0) / Math.max(1, seenOf(s).length));
    const allLoad = loadWindows.flatMap((w) => [w.browse, w.slots, w.book, w.chat]);
    const loadSeconds = loadWindows.length * ctx.seconds;
    const bookingToSubscriberP95IdleMs = p95(bookingIdle);
    const messageToWebhookP95IdleMs = p95(messageIdle);
    return {
      name: 'events',
      description:
        `Event latency end to end through the gateway, ${EVENTS}+ events per row. Booking: from sending POST /api/appointments until the subscribers service has stored ` +
        'the subscriber for its address (read from its database, interval 5% of the wait, 4–50 ms). Message: from sending POST /api/messages until the bot webhook ' +
        `request for it reaches a server of the benchmark. Idle rows one event at a time, ${IDLE_PAUSE_MS} ms between one seen and the next sent; loaded rows with both kinds at once, ` +
        `${IN_FLIGHT_LOADED} of each in flight, under bench/mixed.ts's load (20 + 10 + 4 + 50 connections). requests = events seen, errors = lost ` +
        `(not seen within ${LOST_AFTER_MS / 1000} s), non-2xx = triggers refused.`,
      rows,
      summary: {
        bookingToSubscriberP95IdleMs,
        bookingToSubscriberP95IdleUnder100: bookingToSubscriberP95IdleMs < 100,
        messageToWebhookP95IdleMs,
        messageToWebhookP95IdleUnder250: messageToWebhookP95IdleMs < 250,
        bookingToSubscriberP95LoadedMs: p95(bookingLoaded),
        messageToWebhookP95LoadedMs: p95(messageLoaded),
        messageToWebhookP95IdleBackToBackMs: p95(messageBackToBack),
        messageToWebhookP50IdleBackToBackMs: quantiles(seenOf(messageBackToBack).map((o) => o.ms)).p50,
        bookingAnswerP95IdleMs: p95Answer(bookingIdle),
        bookingAfterAnswerP95IdleMs: p95AfterAnswer(bookingIdle),
        bookingAnswerP95LoadedMs: p95Answer(bookingLoaded),
        bookingAfterAnswerP95LoadedMs: p95AfterAnswer(bookingLoaded),
        messageAnswerP95IdleMs: p95Answer(messageIdle),
        messageAfterAnswerP95IdleMs: p95AfterAnswer(messageIdle),
        messageAnswerP95LoadedMs: p95Answer(messageLoaded),
        messageAfterAnswerP95LoadedMs: p95AfterAnswer(messageLoaded),
        subscriberPollUncertaintyMeanIdleMs: meanUncertainty(bookingIdle),
        subscriberPollUncertaintyMeanLoadedMs: meanUncertainty(bookingLoaded),
        subscriberPollsPerEventIdle: bookingIdlePolls,
        subscriberPollsPerEventLoaded: bookingLoadedPolls,
        benchEventLoopDelayP99LoadedMs: round1(lag.percentile(99) / 1e6),
        loadSeconds,
        loadRequestsPerSec: Math.round(allLoad.reduce((sum, r) => sum + r.requests, 0) / Math.max(1, loadSeconds)),
        loadBookingsPerSec: round1(loadWindows.map((w) => w.book).reduce((sum, r) => sum + r.requests, 0) / Math.max(1, loadSeconds)),
        loadErrors: allLoad.reduce((sum, r) => sum + r.errors, 0),
        loadNon2xx: allLoad.reduce((sum, r) => sum + r.non2xx, 0),
      },
    };
  } finally {
    await watcher.close();
    await bot.close();
  }
}
