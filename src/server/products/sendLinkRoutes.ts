import { fillMessage } from '../../api/forwardEditorMeta';
import type { MessageResponse, SendLinkRequest } from '../../api/products';
import { requireAuth } from '../auth/access';
import { allowedOrigins } from '../auth/allowedOrigins';
import { authSettingsFromEnv } from '../auth/authSettings';
import { requireProductAccess } from '../auth/objectAccess';
import { httpError } from '../httpError';
import { forwardPolicy } from '../forward/forwardPolicy';
import { createMailer } from '../mail/mailer';
import { defaultMailPolicy } from '../mail/mailPolicy';
import { recipientRefusal } from '../mail/recipientRefusal';
import { returnSendSlot, takeSendSlot } from '../mail/takeSendSlot';
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
 * characters, at least one recipient); recipients must be portal users, and the mail policy of
 * the forward holds (MAIL_ALLOWED_DOMAINS, MAIL_MAX_RECIPIENTS, MAIL_SENDS_PER_HOUR: mail/mailPolicy.ts).
 */
export const sendLinkRoutes: RoutePlugin = async (app, { ctx }) => {
  const mailer = createMailer({ smtpUrl: ctx.config.smtpUrl, dataDir: ctx.config.dataDir });
  const mailPolicy = ctx.config.mail ?? defaultMailPolicy;
  app.addHook('onClose', async () => mailer.close());
  const publicUrl = () => ctx.config.publicUrl ?? allowedOrigins(app, authSettingsFromEnv().allowedOrigins)[0];

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
      requireProductAccess(req, product.document);
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

      // The forward's mail policy (issue 26 hole 2): the recipients cap and domains (default: the
      // signed-in user's and FORWARD_TO's) here, the per-user send rate just before sending.
      const policy = forwardPolicy().messages;
      const me = await ctx.db.query<{ email: string }>('select email from auth_users where user_id = $1', [auth.userId]);
      const replyTo = me.rows[0]?.email.trim() ?? '';
      // A link has no Cc: its cap is worded for the dialog's one recipients list.
      const refused = recipientRefusal(mailPolicy, ctx.config.forwardTo, replyTo, recipients, { ...policy, tooManyRecipients: policy.tooManyLinkRecipients });
      if (refused !== null) throw httpError(422, refused);

      // Built here from the stored product, the configured public URL and the signed-in user: the
      // client's product_link, username and from_email are ignored (no header or link injection).
      const link = `${publicUrl()}/viewproduct/${product.muid ?? '-'}?product_id=${productId}`;
      const lines = [
        message,
        '',
        `Product: ${link}`,
        `Product ID: ${productId}`,
        product.entry_id ? `Entry ID: ${product.entry_id}` : '',
        '',
        `Sent by ${auth.username} from the Content Portal.`,
      ].filter((l, i, all) => l !== '' || (i > 0 && all[i - 1] !== ''));
      const slot = await takeSendSlot(ctx.db, auth.userId, recipients.length, mailPolicy.sendsPerHour);
      if (!slot.allowed) {
        reply.header('retry-after', String(slot.retryAfter));
        throw httpError(429, fillMessage(policy.sendRate.text, { count: slot.sent, minutes: Math.ceil(slot.retryAfter / 60) }));
      }
      try {
        await mailer.send({ to: recipients, subject, text: lines.join('\n'), ...(replyTo ? { replyTo } : {}) });
      } catch (err) {
        await returnSendSlot(ctx.db, slot.id);
        req.log.error({ err }, 'send-link failed');
        // 001 §8: the client shows 'Error:Something wrong' on failure.
        throw httpError(502, 'The mail server did not accept the message.');
      }
      await recordProductActivity(ctx.db, auth, productId, 'send_link', null, { user_email: recipients, subject });
      return { statusCode: 200, message: linkSentMessage };
    },
  );
};
