import type {
  AttachmentListResponse, ForwardedListResponse, HtmlBodyResponse, MessageResult, SaveForwardRequest, SaveForwardResponse, SendForwardRequest,
  SendForwardResponse, SenderAddressResponse,
} from '../forwardTypes';
import { post, type Transport } from './Transport';

/** The forward editor's calls (000 §7 "Forwarding and attachments"; src/server/forward). */
export function forwardClient(t: Transport) {
  return {
    htmlBody: (muid: number, efid?: number | null) => t.json<HtmlBodyResponse>(`/api/emails/html-body/${muid}${efid ? `/${efid}` : ''}`),
    save: (req: SaveForwardRequest) => t.json<SaveForwardResponse>('/api/emails/html-body', post(req, 'add')),
    send: (req: SendForwardRequest) => t.json<SendForwardResponse>('/api/emails/send-mail', post(req, 'add')),
    history: (muid: number) => t.json<ForwardedListResponse>(`/api/emails/forwarded/${muid}`),
    deleteForward: (muid: number, efid: number) => t.json<MessageResult & { efid: number }>(`/api/emails/forwarded/${muid}/${efid}`, { method: 'DELETE', operationId: 'delete' }),
    attachments: (muid: number, efid?: number | null) => t.json<AttachmentListResponse>(`/api/emails/attachments/${muid}${efid ? `?efid=${efid}` : ''}`),
    setSender: (email: string) => t.json<SenderAddressResponse>('/api/emails/sender', post({ email }, 'add')),
    deleteAttachment: (ceafid: number) => t.json<MessageResult>(`/api/emails/attachment/${ceafid}`, { method: 'DELETE', operationId: 'delete' }),
    /** The raw answer: the screen maps its status codes to the §8 messages. */
    upload: (muid: number, efid: number | null, field: string, file: File) => {
      const form = new FormData();
      form.append(field, file, file.name);
      return t.raw(`/api/emails/upload-attachments/${muid}${efid ? `?efid=${efid}` : ''}`, { method: 'POST', body: form, operationId: 'add' });
    },
  };
}

export type ForwardClient = ReturnType<typeof forwardClient>;

/** Links the browser opens itself (downloads, new windows), signed by the session cookie. */
export const forwardPaths = {
  downloadAttachment: (ceafid: number) => `/api/emails/download-attachment/${ceafid}`,
  emailPart: (id: number) => `/api/emails/email-attachment/${id}`,
  viewHtml: (muid: number, which: number | 'original') => `/api/emails/view-html/${muid}/${which}`,
  processedHtml: (muid: number, which: number | 'original') => `/api/emails/processed-html/${muid}/${which}`,
  pdf: (muid: number, which: number | 'original') => `/api/emails/render-pdf/${muid}/${which}`,
};
