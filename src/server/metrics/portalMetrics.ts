import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus series (GET /metrics). One registry per process: the counters are what
 * this process did (requests served, jobs failed, messages imported, PDFs rendered, mail sent),
 * whichever app or job did it; `/metrics` of each instance is scraped on its own.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'portal_' });

const registers = [metricsRegistry];

export const httpRequestSeconds = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'HTTP request latency by route (the route pattern, e.g. /api/product/:id), method and status code',
  labelNames: ['method', 'route', 'status_code'],
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/** Rows of the job table by kind and state (waiting: created and retry; active; failed), read at each scrape. */
export const jobsByState = new Gauge({ name: 'portal_jobs', help: 'Jobs in the queue table by kind and state', labelNames: ['kind', 'state'], registers });
export const jobQueueDepth = new Gauge({ name: 'portal_job_queue_depth', help: 'Jobs waiting to run (created or retry) by kind', labelNames: ['kind'], registers });
export const jobFailures = new Counter({ name: 'portal_job_failures_total', help: 'Job runs on this instance that threw (retried or failed for good) by kind', labelNames: ['kind'], registers });

export const importMessages = new Counter({ name: 'portal_import_messages_total', help: 'Email messages imported by outcome (imported, duplicate, failed)', labelNames: ['outcome'], registers });
// Labelled series exist at 0 from the start: a series that appears only with its first event makes
// `rate()` and "failed > 0" alerts blind to that first one (Prometheus's own advice). Labels known only
// at run time (a job kind, a mail transport) start at 0 where they become known.
for (const outcome of ['imported', 'duplicate', 'failed']) importMessages.inc({ outcome }, 0);
export const importSeconds = new Counter({ name: 'portal_import_seconds_total', help: 'Seconds spent in imports (messages_total / seconds_total is the throughput)', registers });
export const importLastThroughput = new Gauge({ name: 'portal_import_last_throughput_messages_per_second', help: 'Messages per second of the last import this instance finished', registers });

export const pdfRenderSeconds = new Histogram({
  name: 'portal_pdf_render_seconds',
  help: 'PDF rendering time: email (an email or forward printed to PDF by Chromium), product_pdf (a product PDF rendered into page images)',
  labelNames: ['kind'],
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
  registers,
});
for (const kind of ['email', 'product_pdf']) pdfRenderSeconds.zero({ kind });

export const mailSent = new Counter({ name: 'portal_mail_sent_total', help: 'Messages sent (smtp) or written to the outbox (outbox)', labelNames: ['transport'], registers });
export const mailRefused = new Counter({ name: 'portal_mail_refused_total', help: 'Messages the mail server refused (or that could not be written), by transport', labelNames: ['transport'], registers });

/** Times fn into a histogram (also when it throws). */
export async function timed<T>(histogram: Histogram<string>, labels: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const end = histogram.startTimer(labels);
  try {
    return await fn();
  } finally {
    end();
  }
}
