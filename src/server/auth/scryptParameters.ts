// OWASP Password Storage Cheat Sheet lists equally strong scrypt settings; N=2^15, r=8, p=3 is one
// of them and needs 32 MiB per hash instead of N=2^17's 128 MiB (a parallel sign-in burst stays
// small).
export const defaultPasswordCost = 15;

export interface ScryptParameters {
  N: number;
  r: number;
  p: number;
}

/**
 * The scrypt parameters from PORTAL_PASSWORD_COST (log2 of N, 10-20; default 15, the OWASP
 * setting above). Below 15 is weaker than OWASP's minimum: the test suites use 10, where hundreds
 * of sign-ins would otherwise cost ~0.37 s CPU each; the server warns at start (passwordCostWarning).
 */
export function scryptParameters(env: NodeJS.ProcessEnv = process.env): ScryptParameters {
  const raw = env.PORTAL_PASSWORD_COST;
  const cost = raw === undefined || raw === '' ? defaultPasswordCost : Number(raw);
  if (!Number.isInteger(cost) || cost < 10 || cost > 20) throw new Error(`PORTAL_PASSWORD_COST must be a whole number from 10 to 20, got "${raw}"`);
  return { N: 2 ** cost, r: 8, p: 3 };
}

/** A start-up warning when PORTAL_PASSWORD_COST is below the OWASP setting, else null. */
export function passwordCostWarning(env: NodeJS.ProcessEnv = process.env): string | null {
  const { N } = scryptParameters(env);
  return N < 2 ** defaultPasswordCost
    ? `PORTAL_PASSWORD_COST=${Math.log2(N)} hashes passwords below the OWASP minimum (${defaultPasswordCost}): for tests only, never in production.`
    : null;
}
