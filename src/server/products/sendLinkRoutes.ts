import type { MessageResponse, SendLinkRequest } from '../../api/products';
import { requireAuth } from '../auth/access';
import { httpError } from '../httpError';
import { createMailer } from '../mail/mailer';
import type { RoutePlugin } from '../routes/RoutePlugin';
import { productSchema } from './productApiSchemas';
import { productEngine } from './productEngine';
import { findProduct, recordProductActivity } from './productStore';
import { refusalBody } from './refusalBody';
import { productIdOf } from './saveProduct';

/** 001 §9 and §8. */
export const defaultLinkSubject = 'Link to a product of your interest';
export const linkSentMessage = 'Email Send Successfully';
export const notOfferedMessage = 'Link to your colleague is offered for approved products only.';

/**
 * Send-link (001 §2, §5, §7): emails a product link to colleagues through the mail transport
 * (SMTP_URL, else DATA_DIR/outbox). The send_link rules run on the dialog (message at most 500
 * characters, at least one recipient); recipients must be portal users, so the portal cannot be
 * used to mail arbitrary addresses.
 */
export const sendLinkRoutes: RoutePlugin = async (app, { ctx }) => {
  const mailer = createMailer({ smtpUrl: ctx.config.smtpUrl, dataDir: ctx.config.dataDir });
  app.addHook('onClose', async () => mailer.close());

  app.post<{ Body: SendLinkRequest }>(
    '/api/send-email',
    { config: { permission: { module: 'product', operation: 'view' } }, schema: { body: productSchema('SendLinkRequest') } },
    async (req, reply): Promise<MessageResponse | typeof reply> => {
      const auth = requireAuth(req);
      const b = req.body;
      const recipients = [...new Set(b.user_email.map((e) => e.trim()).filter(Boolean))];
      const subject = b.subject?.trim() || defaultLinkSubject;
      const message = b.message ?? '';
      const productId = productIdOf(b.product_id);
      if (productId === undefined) throw httpError(400, 'product_id must be a product number.');
      const product = await findProduct(ctx.db, productId);
      if (!product) throw httpError(404, `Product ${productId} not found`);
      // The rules see the dialog inside its product: the link is offered for approved, not deleted products only.
      const { engine } = productEngine();
      const vm = engine.evaluate({ ...product.document, product_status: product.product_status, is_deleted: product.is_deleted, send_link: { user_email: recipients, subject, message } }, { action: 'send_link' });
      if (!vm.blocks.send_link?.visible) throw httpError(409, notOfferedMessage);
      if (vm.errors.length) return reply.code(422).send(refusalBody(vm.errors));

      const known = await ctx.db.query<{ email: string }>('select lower(email) as email from auth_users where not disabled and lower(email) = any($1)', [
        recipients.map((r) => r.toLowerCase()),
      ]);
      const knownSet = new Set(known.rows.map((r) => r.email));
      const unknown = recipients.filter((r) => !knownSet.has(r.toLowerCase()));
      if (unknown.length) throw httpError(400, `Not a portal user: ${unknown.join(', ')}`);

      const link = b.product_link?.trim() ?? '';
      const lines = [
        message,
        '',
        link ? `Product: ${link}` : '',
        `Product ID: ${productId}`,
        b.entry_id ? `Entry ID: ${b.entry_id}` : '',
        '',
        `Sent by ${b.username?.trim() || auth.username} from the Content Portal.`,
      ].filter((l, i, all) => l !== '' || (i > 0 && all[i - 1] !== ''));
      const fromEmail = b.from_email?.trim();
      try {
        await mailer.send({ to: recipients, subject, text: lines.join('\n'), ...(fromEmail ? { replyTo: fromEmail } : {}) });
      } catch (err) {
        req.log.error({ err }, 'send-link failed');
        // 001 §8: the client shows 'Error:Something wrong' on failure.
        throw httpError(502, 'The mail server did not accept the message.');
      }
      await recordProductActivity(ctx.db, auth, productId, 'send_link', null, { user_email: recipients, subject });
      return { statusCode: 200, message: linkSentMessage };
    },
  );
};
