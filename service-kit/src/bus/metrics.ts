import { collectedGauge, counter } from '../metrics/registry';

export const published = counter('bus_published_total', 'Events published with a broker confirm, by type', ['type']);
export const handled = counter('bus_deliveries_total', 'Event deliveries by queue and outcome (acked, retried, dead_lettered, dropped)', ['queue', 'outcome']);
export const depth = collectedGauge('bus_queue_depth', 'Messages waiting in a consumer queue (and its dead-letter queue)', ['queue']);
