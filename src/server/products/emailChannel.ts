import { mediaChannelCodes } from './mediaChannelCodes';

/** The Email channel (codes/media_channel, x-key email): the products an editor catalogues from an email. */
export function emailChannel(): number | null {
  return mediaChannelCodes(['email'])[0] ?? null;
}
