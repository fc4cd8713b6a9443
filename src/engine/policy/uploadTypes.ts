
/** The code table of every file type a product upload may be (schemas/codes/upload_file_type.json). */
export const UPLOAD_TYPE_TABLE = 'codes/upload_file_type';

/** One upload type as its code entry declares it. */
export interface UploadType {
  /** The MIME type stored and served (the code). */
  mime: string;
  title: string;
  /** image | pdf | audio | video | excel | html: what the channel rules allow. */
  kind: string;
  /** Extensions content sniffing reports for it (file-type's `ext`, or the portal's html/svg). */
  sniffed: string[];
  /** File-name extensions that may carry it. */
  names: string[];
  /** Other MIME spellings browsers send for it. */
  aliases: string[];
}

export interface UploadTypes {
  types: UploadType[];
  /** File-name extensions of types never accepted (exe, js): a file named so is refused whatever its content. */
  foreignNames: string[];
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase()) : []);

interface Entry {
  const: string | number;
  title: string;
  [key: string]: unknown;
}

/**
 * The upload types of the table (its entries, and its own `x-` keys); server (sniffing) and
 * editor (file input) both read them from here.
 */
export function uploadTypesOf(entries: readonly Entry[] | undefined, annotations: Record<string, unknown> | undefined): UploadTypes {
  const types = (entries ?? []).map((e) => ({
    mime: String(e.const),
    title: e.title,
    kind: typeof e['x-kind'] === 'string' ? e['x-kind'] : '',
    sniffed: strings(e['x-sniffed']),
    names: strings(e['x-names']),
    aliases: strings(e['x-aliases']),
  }));
  return { types, foreignNames: strings(annotations?.['x-foreign-names']) };
}

const extensionOf = (name: string): string | undefined => /\.([a-z0-9]{1,5})$/i.exec(name)?.[1].toLowerCase();

/** The type content sniffing found (by its extension), or undefined when the table has none. */
export function typeOfSniffed(t: UploadTypes, sniffedExt: string): UploadType | undefined {
  return t.types.find((x) => x.sniffed.includes(sniffedExt.toLowerCase()));
}

/**
 * The type a browser reports for a chosen file: its MIME type or an alias, else (browsers leave
 * `type` empty for some files) the name's extension. Only a first check: the server sniffs the bytes.
 */
export function typeOfBrowserFile(t: UploadTypes, mime: string, name: string): UploadType | undefined {
  const m = mime.toLowerCase();
  if (m) return t.types.find((x) => x.mime === m || x.aliases.includes(m));
  const ext = extensionOf(name);
  return ext ? t.types.find((x) => x.names.includes(ext)) : undefined;
}

/**
 * A file whose name says another type than its content is refused (HTML named .png, a PNG named
 * .pdf, anything named .exe): the name is what people and other tools trust. Names without a
 * known extension pass.
 */
export function nameFitsType(t: UploadTypes, filename: string, type: UploadType): boolean {
  const ext = extensionOf(filename);
  if (!ext) return true;
  if (t.foreignNames.includes(ext)) return false;
  const known = t.types.some((x) => x.names.includes(ext));
  return !known || type.names.includes(ext);
}

/** The `accept` attribute of a file input for these allowed MIME types (with their aliases and names). */
export function acceptAttribute(t: UploadTypes, allowed: readonly unknown[]): string {
  const out: string[] = [];
  for (const x of t.types) if (allowed.includes(x.mime)) out.push(x.mime, ...x.aliases, ...x.names.map((n) => `.${n}`));
  return [...new Set(out)].join(',');
}
