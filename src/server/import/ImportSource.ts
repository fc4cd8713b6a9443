/** One message to import: its bytes, or why it could not even be read. */
export type ImportSource =
  | { file: string; raw: Buffer }
  | { file: string; unreadable: { statusCode: number; reason: string; size: number } };
