import type { FastifyReply } from 'fastify';
import { errorBody } from '../errorHandler';
import { HttpError } from '../httpError';
import { pdfBusyMessage, renderPdf } from './renderPdf';

/**
 * Renders an email page to PDF for a route. No Chromium or one that does not start (503), or a render too slow (504), is answered
 * here with its reason (the generic handler would put the generic 5xx text instead) and null returned.
 */
export async function renderPdfAnswer(reply: FastifyReply, html: string, dataDir: string): Promise<Buffer | null> {
  try {
    return await renderPdf(html, dataDir);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    if (err.message === pdfBusyMessage) reply.header('retry-after', '5');
    if (err.cause) reply.log.error({ err: err.cause }, 'Chromium did not start for an email PDF');
    await reply.code(err.statusCode).send(errorBody(err.statusCode, err.message));
    return null;
  }
}
