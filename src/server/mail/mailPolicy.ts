/**
 * What the mail feature allows (issue 26: no open relay), from configuration:
 * - MAIL_ALLOWED_DOMAINS: recipient domains (`example.com` exactly, `*.example.com` its subdomains,
 *   `*` any); unset: the sender's own domain plus FORWARD_TO's.
 * - MAIL_MAX_RECIPIENTS: To and Cc addresses per mail (default 10).
 * - MAIL_SENDS_PER_HOUR: mails one user may send in any hour (default 30).
 */
export interface MailPolicyConfig {
  /** Undefined: the sender's own domain plus FORWARD_TO's. */
  allowedDomains?: string[];
  maxRecipients: number;
  sendsPerHour: number;
}

export const defaultMailPolicy: MailPolicyConfig = { maxRecipients: 10, sendsPerHour: 30 };

/** A domain as the WHATWG URL parser writes a host: lower case, IDN as punycode; null when it is no host name. */
export function normaliseDomain(domain: string): string | null {
  const d = domain.trim().replace(/\.$/, '');
  if (!d || /[\s/\\@:?#[\]%]/.test(d)) return null;
  try {
    const host = new URL(`http://${d}/`).hostname;
    return host && !host.startsWith('[') ? host : null;
  } catch {
    return null;
  }
}

/** The domain of an address (`a@b.example`), normalised; null when it has none. */
export function domainOf(address: string): string | null {
  const at = address.trim().lastIndexOf('@');
  return at > 0 ? normaliseDomain(address.trim().slice(at + 1)) : null;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number >= 1, got "${value}"`);
  return n;
}

/** Reads MAIL_ALLOWED_DOMAINS, MAIL_MAX_RECIPIENTS and MAIL_SENDS_PER_HOUR; a malformed value stops the start. */
export function loadMailPolicy(env: NodeJS.ProcessEnv): MailPolicyConfig {
  let allowedDomains: string[] | undefined;
  if (env.MAIL_ALLOWED_DOMAINS !== undefined && env.MAIL_ALLOWED_DOMAINS.trim() !== '') {
    allowedDomains = env.MAIL_ALLOWED_DOMAINS.split(',').map((s) => s.trim()).filter(Boolean).map((entry) => {
      if (entry === '*') return entry;
      const wild = entry.startsWith('*.');
      const d = normaliseDomain(wild ? entry.slice(2) : entry);
      if (!d) throw new Error(`MAIL_ALLOWED_DOMAINS: "${entry}" is not a domain (example.com, *.example.com or *)`);
      return wild ? `*.${d}` : d;
    });
  }
  return {
    allowedDomains,
    maxRecipients: positiveInt('MAIL_MAX_RECIPIENTS', env.MAIL_MAX_RECIPIENTS, defaultMailPolicy.maxRecipients),
    sendsPerHour: positiveInt('MAIL_SENDS_PER_HOUR', env.MAIL_SENDS_PER_HOUR, defaultMailPolicy.sendsPerHour),
  };
}

/** The recipient domains in force for one sender: the configured list, or the sender's and FORWARD_TO's domains. */
export function allowedDomainsFor(policy: MailPolicyConfig, sender: string, forwardTo: string | undefined): string[] {
  if (policy.allowedDomains) return policy.allowedDomains;
  return [...new Set([domainOf(sender), forwardTo ? domainOf(forwardTo) : null].filter((d): d is string => !!d))];
}

/** Whether a domain is on the list (`*` any, `*.x` any subdomain of x). */
export function domainAllowed(domain: string, allowed: readonly string[]): boolean {
  return allowed.some((a) => a === '*' || a === domain || (a.startsWith('*.') && domain.endsWith(a.slice(1))));
}

/** The first recipient whose domain the list does not allow, or null when all are allowed. */
export function refusedRecipient(addresses: readonly string[], allowed: readonly string[]): string | null {
  for (const a of addresses) {
    const d = domainOf(a);
    if (!d || !domainAllowed(d, allowed)) return a;
  }
  return null;
}
