import type {
  AttachmentListResponse, ForwardedListResponse, HtmlBodyResponse, MessageResult, SaveForwardRequest, SaveForwardResponse, SendForwardRequest,
  SendForwardResponse, SenderAddressResponse,
} from '../../api/forwardTypes';
import { apiFetch, apiJson } from '../auth/apiFetch';

/** The forward editor's calls (000 §7 "Forwarding and attachments"). */
export const forwardApi = {
  htmlBody: (muid: number, efid?: number | null) => apiJson<HtmlBodyResponse>(`/api/emails/html-body/${muid}${efid ? `/${efid}` : ''}`),
  save: (req: SaveForwardRequest) => apiJson<SaveForwardResponse>('/api/emails/html-body', { method: 'POST', json: req, operationId: 'add' }),
  send: (req: SendForwardRequest) => apiJson<SendForwardResponse>('/api/emails/send-mail', { method: 'POST', json: req, operationId: 'add' }),
  history: (muid: number) => apiJson<ForwardedListResponse>(`/api/emails/forwarded/${muid}`),
  deleteForward: (muid: number, efid: number) => apiJson<MessageResult>(`/api/emails/forwarded/${muid}/${efid}`, { method: 'DELETE', operationId: 'delete' }),
  attachments: (muid: number, efid?: number | null) => apiJson<AttachmentListResponse>(`/api/emails/attachments/${muid}${efid ? `?efid=${efid}` : ''}`),
  setSender: (email: string) => apiJson<SenderAddressResponse>('/api/emails/sender', { method: 'POST', json: { email }, operationId: 'add' }),
  deleteAttachment: (ceafid: number) => apiJson<MessageResult>(`/api/emails/attachment/${ceafid}`, { method: 'DELETE', operationId: 'delete' }),
  /** Multipart field name and the raw response: the screen maps status codes to the §8 messages. */
  upload: (muid: number, efid: number | null, field: string, file: File) => {
    const form = new FormData();
    form.append(field, file, file.name);
    return apiFetch(`/api/emails/upload-attachments/${muid}${efid ? `?efid=${efid}` : ''}`, { method: 'POST', body: form, operationId: 'add' });
  },
};

export const downloadAttachmentPath = (ceafid: number) => `/api/emails/download-attachment/${ceafid}`;
export const emailPartPath = (id: number) => `/api/emails/email-attachment/${id}`;
export const viewHtmlPath = (muid: number, which: number | 'original') => `/api/emails/view-html/${muid}/${which}`;
export const processedHtmlPath = (muid: number, which: number | 'original') => `/api/emails/processed-html/${muid}/${which}`;
export const pdfPath = (muid: number, which: number | 'original') => `/api/emails/render-pdf/${muid}/${which}`;
