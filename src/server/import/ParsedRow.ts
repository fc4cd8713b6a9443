import type { ParsedMessage } from './ParsedMessage';

/**
 * A parsed message as a parser worker hands it over. Its large fields (both bodies and the search
 * vector) are already the UTF-8 JSON members the emails insert reads (`"text_body":...,
 * "html_body":...,"search":...`), in a buffer the worker transfers: the main thread, which also runs
 * the database, neither copies them into its heap nor encodes them again.
 */
export type ParsedRow = Omit<ParsedMessage, 'text' | 'html' | 'searchVector'> & { bodyJson: Uint8Array };
