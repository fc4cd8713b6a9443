import { authBanner } from './auth/authBanner';
import type { ServerContext } from './context';

/** Adds lines to what `portal serve` prints after the URL (e.g. how to sign in). */
export type BannerProvider = (ctx: ServerContext) => Promise<string[]> | string[];

/** Every banner provider, printed in this order; one line per module. */
export const bannerProviders: BannerProvider[] = [
  authBanner,
];
