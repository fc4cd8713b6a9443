import { getDomain } from 'tldts';
import { htmlToText } from '../import/htmlToText';

/** The parts of an email the model reads (000 §3 email item). */
export interface EmailText {
  email_subject: string | null;
  email_from_one: string | null;
  email_from_name: string | null;
  text_body: string | null;
  html_body: string | null;
}

/** What the model read from one email: the text (for "text extraction") and its tokens. */
export interface EmailFeatures {
  text: string;
  /** The sender's address, lower case (what reviewers' rejections are learned per: senderKey). */
  sender: string;
  /** Registrable domain of the sender (tldts), e.g. `bank.co.uk` for `news@mail.bank.co.uk`. */
  domain: string | null;
  tokens: string[];
}

/** Body words read per email: enough for the offer, bounded so scoring stays fast. */
export const maxBodyWords = 250;

// Words carrying no sector/company signal in marketing mail.
const stopWords = new Set(
  'the and for you your with this that are from have has was were will can our not all any but out get more now new one its his her they them their there here what when which who how off per via into onto than then too also just may use only own each other such very been being about over under after before http https www com net org html email mail click here unsubscribe'.split(' '),
);

const words = (s: string): string[] => s.toLowerCase().match(/[a-z][a-z0-9]{2,24}/g) ?? [];

/** A sender's address as one key: lower case, without a display name (`News <a@b.example>` is `a@b.example`). */
export function senderKey(emailFromOne: string | null): string {
  const from = (emailFromOne ?? '').toLowerCase().trim();
  return /<([^>]+)>/.exec(from)?.[1].trim() ?? from;
}

/** Sender, subject and body as the model sees them, and the tokens it counts (each once). */
export function emailFeatures(e: EmailText): EmailFeatures {
  const from = (e.email_from_one ?? '').toLowerCase().trim();
  const at = from.lastIndexOf('@');
  const host = at >= 0 ? from.slice(at + 1).replace(/[>\s].*$/, '') : '';
  const domain = host ? getDomain(host) ?? host : null;
  // Only the first words count, so only the start of a long body is read (a 5 MB HTML body is not).
  const bodySource = e.text_body && e.text_body.trim() ? e.text_body.slice(0, 20000) : e.html_body ? htmlToText(e.html_body.slice(0, 60000)) : '';
  const bodyWords = words(bodySource.slice(0, 20000)).filter((w) => !stopWords.has(w)).slice(0, maxBodyWords);
  const subject = e.email_subject ?? '';
  const tokens = new Set<string>();
  if (domain) tokens.add(`domain:${domain}`);
  if (host && host !== domain) tokens.add(`host:${host}`);
  for (const w of words(e.email_from_name ?? '')) tokens.add(`sender:${w}`);
  for (const w of words(subject)) if (!stopWords.has(w)) tokens.add(`subject:${w}`);
  for (const w of bodyWords) tokens.add(w);
  const text = [`From: ${e.email_from_name ?? ''} <${from}>`, `Subject: ${subject}`, '', bodyWords.join(' ')].join('\n');
  return { text, sender: senderKey(e.email_from_one), domain, tokens: [...tokens] };
}
