/**
 * What a change is about. `sub-form` is a block under schemas/product/sectors/. `text`: a text a screen or
 * route shows from a metadata file's messages (a rule file's `x-messages`, a dashboard file's `messages`);
 * `file`: any other change to a metadata file outside the product model (dashboards, the Admin Portal's forms,
 * a rule file's own keys). Neither moves a product's outcome.
 */
export type ChangeSubject = 'field' | 'block' | 'sub-form' | 'rule' | 'message' | 'code' | 'code-table' | 'schema' | 'text' | 'file';

/**
 * What a change can do: `behaviour` may change what a product shows, requires, refuses or derives;
 * `message` rewords what a rule tells users (its logic unchanged); `wording` changes only what
 * documents a rule (its description or spec source): nothing users see or products do.
 */
export type ChangeEffect = 'behaviour' | 'message' | 'wording';

/** One semantic difference between two metadata versions, named by id (never by file text). */
export interface MetadataChange {
  subject: ChangeSubject;
  change: 'added' | 'removed' | 'changed';
  effect: ChangeEffect;
  /**
   * Stable id: field path (`delivery.delivery_note`), block id, rule id, code table id, or
   * `<table>#<code>` for a code entry (`codes/media_channel#1`), `<file>#<key path>` for a text
   * (`rules/product/move-and-delete.json#x-messages.notFound`), the file's path for a file.
   */
  id: string;
  /** One line in plain words: "Rule delivery.visible changed", "Code Direct Mail (1) of Media channel retitled". */
  summary: string;
  /** Rules: the whole rule in plain words before and after; messages: the old and new text. */
  before?: string;
  after?: string;
  /** What changed, one item per aspect: "label: \"A\" → \"B\"", "required: no → yes". */
  details: string[];
  /** The file it lives in (the `to` side, or `from` when removed). */
  file?: string;
  /** Rules: the kind and spec source, for the reader. */
  kind?: string;
  source?: string;
}
