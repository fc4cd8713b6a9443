/** A message of the forward editor and how long it stays up (000 §8). */
export interface TimedMessage {
  text: string;
  ms: number;
}

/** schemas/dashboards/forward_editor.json: the forward editor's policy (messages, upload rules, columns, popups). */
export interface ForwardEditorMeta {
  form: { schema: string; rules: string };
  /** `{name}` in a text is filled in by whoever shows it (the server's answers, the editor's prompts). */
  messages: Record<
    | 'saved' | 'sent' | 'sendFailed' | 'uploaded' | 'attachmentDeleted' | 'forwardDeleted' | 'uploadNetwork' | 'uploadType' | 'uploadOther' | 'uploadTooLarge'
    | 'notOwner' | 'senderMissing' | 'senderDomain' | 'recipientNotAllowed' | 'tooManyRecipients' | 'tooManyLinkRecipients' | 'sendRate',
    TimedMessage
  > &
    Record<'removeLinksConfirm' | 'drafted' | 'pdfUnavailable' | 'pdfStartFailed' | 'deleteAttachmentConfirm' | 'unsavedChanges' | 'senderPrompt', string>;
  upload: { field: string; maxTotalBytes: number; types: Record<string, string> };
  attachmentColumns: string[];
  historyColumns: string[];
  popups: Record<'html' | 'processedHtml' | 'pdf', { width: number; height: number }>;
}

/** Where the forward editor's policy lives in the metadata. */
export const forwardEditorFile = 'schemas/dashboards/forward_editor.json';

export { fillMessage } from '../shared/fillMessage';
