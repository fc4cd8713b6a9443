import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import type { AttachmentListResponse, ForwardedListResponse, HtmlBodyResponse, SaveForwardRequest, SendForwardRequest } from '../forwardTypes';
import { cacheKeys, isKeyOf } from './cacheKeys';
import { usePortalApi } from './PortalApiContext';
import { usePortalRead } from './usePortalRead';

/**
 * The copy to edit. Not revalidated on focus: the screen holds the reviewer's edits over it, and
 * takes a newer answer only while nothing is typed.
 */
export const useForwardBody = (muid: number, efid: number | null) =>
  usePortalRead<HtmlBodyResponse>(cacheKeys.forwardBody(muid, efid), (api) => api.forward.htmlBody(muid, efid), { revalidateOnFocus: false, revalidateOnReconnect: false });

/** The email's forward history (shared by everyone who may see the email). */
export const useForwardHistory = (muid: number) => usePortalRead<ForwardedListResponse>(cacheKeys.forwardHistory(muid), (api) => api.forward.history(muid));

/** The files attached to a forward (efid null: the caller's uploads before its first save). */
export const useForwardAttachments = (muid: number, efid: number | null) =>
  usePortalRead<AttachmentListResponse>(cacheKeys.forwardAttachments(muid, efid), (api) => api.forward.attachments(muid, efid));

const keep = { revalidate: false, populateCache: true } as const;

/**
 * The forward editor's writes, each followed by the caches it changes: what the server's answer
 * states is written in (a deleted forward or file leaves every cached list, a sender address reaches
 * every cached copy); what it does not carry (a saved or sent forward's history row, a stored
 * upload's date) is read again. Failures reject (ApiError).
 */
export function useForwardWrites(muid: number) {
  const api = usePortalApi();
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const ofEmail = (name: string) => (key: unknown) => isKeyOf(name)(key) && (key as unknown[])[1] === muid;
    const rereadHistory = () => mutate(ofEmail('forward/history'));
    const rereadAttachments = () => mutate(ofEmail('forward/attachments'));
    return {
      async save(req: SaveForwardRequest) {
        const res = await api.forward.save(req);
        await Promise.all([rereadHistory(), rereadAttachments()]);
        return res;
      },
      async send(req: SendForwardRequest) {
        try {
          return await api.forward.send(req);
        } finally {
          // A refused send may still have saved the draft first (000 §4).
          await rereadHistory();
        }
      },
      async deleteForward(efid: number) {
        const res = await api.forward.deleteForward(muid, efid);
        await mutate(
          ofEmail('forward/history'),
          (d?: ForwardedListResponse) => d && { forwardjson: d.forwardjson.filter((f) => f.efid !== res.efid), list: d.list.filter((id) => id !== res.efid) },
          keep,
        );
        return res;
      },
      async deleteAttachment(ceafid: number) {
        const res = await api.forward.deleteAttachment(ceafid);
        await mutate(
          ofEmail('forward/attachments'),
          (d?: AttachmentListResponse) => {
            if (!d?.attachments.some((a) => a.ceafid === ceafid)) return d;
            const attachments = d.attachments.filter((a) => a.ceafid !== ceafid);
            return { ...d, attachments, total: attachments.reduce((s, a) => s + a.size, 0) };
          },
          keep,
        );
        return res;
      },
      /** The raw answer (its status is the screen's message); the list is read again whatever it says. */
      async upload(efid: number | null, field: string, file: File) {
        try {
          return await api.forward.upload(muid, efid, field, file);
        } finally {
          await rereadAttachments();
        }
      },
      async setSender(email: string) {
        const res = await api.forward.setSender(email);
        // A new forward's copy defaults its Cc to the sender (000 §6), as the server's would now: one opened before
        // the address was known has an empty Cc. A saved forward's Cc is the one saved.
        await mutate(isKeyOf('forward/body'), (d?: HtmlBodyResponse) => d && { ...d, forward_from: res.forward_from, cc: d.ids == null && !d.cc ? res.forward_from : d.cc }, keep);
        return res;
      },
    };
  }, [api, mutate, muid]);
}
