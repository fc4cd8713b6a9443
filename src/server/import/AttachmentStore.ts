/** Where attachment bytes go when not kept in the database (e.g. the server's file storage). */
export interface AttachmentStore {
  put(key: string, bytes: Uint8Array): Promise<void>;
}
