/** What a parser worker hands back for one message (structured-clone friendly). */
export interface ParsedAttachment {
  filename: string;
  contentType: string;
  disposition: string | null;
  contentId: string | null;
  content: Uint8Array;
}

export interface ParsedMessage {
  /** Message-ID without angle brackets, or "sha256:<hex of the raw message>". */
  originalMuid: string;
  mimetype: string;
  subject: string;
  fromName: string;
  fromAddress: string;
  /** Display form of the To and Cc lists ("Name <a@b>, c@d"). */
  to: string;
  cc: string;
  /** Lower-cased recipient addresses (To, Cc, Delivered-To), for panelist assignment. */
  recipients: string[];
  /** ISO timestamp, or null when the Date header is missing or unusable. */
  date: string | null;
  text: string;
  html: string;
  /** tsvector literal over subject (A), sender (B) and the text body or text of the HTML (D). */
  searchVector: string;
  attachments: ParsedAttachment[];
  /** sha256 of the normalised body, null when there is too little text to compare. */
  bodyHash: string | null;
  /** Signed 64-bit simhash as a decimal string, null when the text is too short. */
  simhash: string | null;
}
