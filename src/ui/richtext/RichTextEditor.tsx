import { Button, Checkbox, InputGroup } from '@blueprintjs/core';
import { Alert } from '../dialog/Alert';
import { createElement, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import { createEditor, Editor, Range, Text, Transforms, type BaseRange, type NodeEntry } from 'slate';
import { withHistory } from 'slate-history';
import { Editable, ReactEditor, Slate, withReact, type RenderElementProps, type RenderLeafProps, type RenderTextProps } from 'slate-react';
import { removeLinks, replaceAll, replaceOne, selectNext, toggleMark } from './editCommands';
import { findMatches, matchesInText } from './findMatches';
import { renderableTags } from './htmlTags';
import { htmlToSlate } from './htmlToSlate';
import { documentEdge } from './documentEdge';
import { insertTypedText } from './insertTypedText';
import { EditableRoot } from './EditableRoot';
import { MarkButtons } from './MarkButtons';
import { reactAttrs } from './reactAttrs';
import type { HtmlElement, HtmlWrap } from './richTextTypes';
import { slateToHtml } from './slateToHtml';
import './richtext.css';

export interface RichTextEditorProps {
  id: string;
  /** The field's visible label: the editable's accessible name (a `<label for>` names no contenteditable). */
  label?: string;
  /** HTML; a new value from outside replaces the document. */
  value: string;
  /** The document as HTML, after a pause in typing and on blur. */
  onChange: (html: string) => void;
  /** Height of the editing area in px. */
  height?: number;
  readOnly?: boolean;
  /** Show find and replace (with match case). */
  findReplace?: boolean;
  /** Show Remove Link; the confirmation asks this question. */
  removeLinks?: boolean;
  removeLinksConfirm?: string;
  /** Milliseconds without typing before onChange (blur sends at once). */
  delay?: number;
}

/**
 * slate-react chunking of the document's top-level blocks (a long text email has hundreds): a
 * keystroke re-renders the chunk holding the edit instead of every block. Chunks are fragments (no
 * DOM of their own). Only the top level: slate-react 0.146 throws rendering chunked children of
 * an element (splitDecorationsByChild gets no decorations).
 */
const CHUNK_SIZE = 32;

function withHtml(editor: Editor): Editor {
  const { isInline, isVoid, getDirtyPaths } = editor;
  editor.isInline = (el) => (el.inline ? true : isInline(el));
  editor.isVoid = (el) => (el.void ? true : isVoid(el));
  editor.getChunkSize = (node) => (Editor.isEditor(node) ? CHUNK_SIZE : null);
  // No ElementContext provider per element (patches/slate-react: nothing here calls useElement or
  // useSelected): with one, a keystroke changes the provider of every ancestor of the edited text and
  // React walks the whole memoised subtree below each looking for consumers.
  (editor as Editor & { elementContext?: boolean }).elementContext = false;
  // A text's span keeps its text node on an edit, its data changed (same patch): replacing the node
  // made layout rebuild that part of its tree on each keystroke.
  (editor as Editor & { updateTextInPlace?: boolean }).updateTextInPlace = true;
  // A typed character changes one text's characters, never the shape of a node: no ancestor needs
  // normalizing (Slate would check every child of each of the ~20 ancestors of a cell's text on
  // each keystroke in a table email, issue 28 item 10).
  editor.getDirtyPaths = (op) => (op.type === 'insert_text' ? [] : getDirtyPaths(op));
  // A character typed at the DOM caret is spliced into its text node so that the caret moves past it
  // (same patch): the editor's selection is then drawn already and is not set again. Setting it made
  // Chrome sync its text-input state, a walk over the editable's text before the caret.
  (editor as Editor & { caretFollowsText?: boolean }).caretFollowsText = true;
  // Whether the DOM selection is the editor's is checked by resolving the editor's selection to DOM
  // points (same patch), not by converting the DOM selection back (a DOM range copy per point).
  (editor as Editor & { resolveSelectionCheck?: boolean }).resolveSelectionCheck = true;
  // Text typed into a text node drawn as one string is written into its DOM text node by slate-react's
  // apply (same patch), and React re-renders none of its ancestors (it re-rendered and diffed every one).
  (editor as Editor & { typedTextBypassesReact?: boolean }).typedTextBypassesReact = true;
  // And a change made only of such text re-renders nothing, not even the Editable (same patch): what its
  // render's selection effect would do (check the caret, scroll it into view) is done without it.
  (editor as Editor & { typedTextSkipsRender?: boolean }).typedTextSkipsRender = true;
  // A void (the images: a quarter of the email's elements in a large one), and an empty text at the edge of an inline
  // element (a link), draw the zero-width text a caret there needs only while the selection is in it (same patch):
  // Chrome's per-frame work after an edit (the IME's copy of the editable's text, style, layout) walks every node of
  // the editable.
  (editor as Editor & { lightVoids?: boolean }).lightVoids = true;
  return editor;
}


/** requestIdleCallback where the browser has it (Safari does not), else a timer. */
const whenIdle = (fn: () => void): number =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(fn, { timeout: 1000 }) : (setTimeout(fn, 0) as unknown as number);
const cancelIdle = (handle: number) => (typeof cancelIdleCallback === 'function' ? cancelIdleCallback(handle) : clearTimeout(handle));

const tagFor = (tag: string, inline: boolean) => (tag && renderableTags.has(tag) ? tag : inline ? 'span' : 'div');

function wrapIn(wraps: readonly HtmlWrap[] | undefined, inner: ReactNode, outerProps: Record<string, unknown> = {}): ReactNode {
  if (!wraps?.length) return inner;
  let node = inner;
  for (let i = wraps.length - 1; i >= 0; i--) {
    const w = wraps[i]!;
    node = createElement(tagFor(w.tag, true), i === 0 ? { ...reactAttrs(w.attrs), ...outerProps } : reactAttrs(w.attrs), node);
  }
  return node;
}

function RenderElement({ attributes, children, element }: RenderElementProps) {
  const el = element as HtmlElement;
  if (el.tag === 'style') {
    // Kept for sending; never applied to the portal's page.
    return (
      <div {...attributes} className="portal-richtext-style" contentEditable={false}>
        {children}
      </div>
    );
  }
  if (el.void) {
    // An image alone in its block is a block void for Slate but still flows inline, as in the email.
    const Tag = el.inline || el.tag === 'img' ? 'span' : 'div';
    // Not editable itself (no wrapper around it: an element fewer per image, of the editable's thousands).
    const inner = createElement(tagFor(el.tag, !!el.inline), { ...reactAttrs(el.attrs), draggable: false, contentEditable: false });
    return (
      <Tag {...attributes}>
        {el.wrap ? wrapIn(el.wrap, inner) : inner}
        {children}
      </Tag>
    );
  }
  if (el.inline) {
    const link = createElement(tagFor(el.tag, true), { ...reactAttrs(el.attrs), ...(el.wrap?.length ? {} : attributes) }, children);
    return el.wrap?.length ? (wrapIn(el.wrap, link, attributes as unknown as Record<string, unknown>) as ReactElement) : link;
  }
  return createElement(tagFor(el.tag, false), { ...reactAttrs(el.attrs), ...attributes }, children);
}

/** A text node's span, drawn directly (slate-react's default adds a component per text node). */
function RenderText({ attributes, children }: RenderTextProps) {
  return <span {...attributes}>{children}</span>;
}

/**
 * Keeps the caret visible after an edit. slate-react's default runs compute-scroll-into-view on every
 * keystroke (a computed style per ancestor); the caret is almost always visible already, so this
 * only measures it against the editor's box and the window, and scrolls natively when it is not.
 */
function scrollCaretIntoView(editor: ReactEditor, domRange: globalThis.Range): void {
  const caret = domRange.cloneRange();
  caret.collapse(!!editor.selection && Range.isBackward(editor.selection));
  const rect = caret.getBoundingClientRect();
  const leaf = caret.startContainer.parentElement;
  if (!leaf || (rect.width === 0 && rect.height === 0 && rect.x === 0 && rect.y === 0)) return;
  const frame = leaf.closest('[data-slate-editor]')?.parentElement;
  const box = frame?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight, left: 0, right: window.innerWidth };
  const inside = (r: { top: number; bottom: number; left: number; right: number }, b: typeof r) => r.top >= b.top && r.bottom <= b.bottom && r.left >= b.left && r.right <= b.right;
  if (inside(rect, box) && inside(rect, { top: 0, bottom: window.innerHeight, left: 0, right: window.innerWidth })) return;
  leaf.scrollIntoView({ block: 'nearest', inline: 'nearest' });
}

function RenderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let inner: ReactNode = children;
  if (leaf.underline) inner = <u>{inner}</u>;
  if (leaf.italic) inner = <em>{inner}</em>;
  if (leaf.bold) inner = <strong>{inner}</strong>;
  inner = wrapIn(leaf.wrap, inner);
  return (
    <span {...attributes} className={leaf.current ? 'portal-richtext-found portal-richtext-current' : leaf.found ? 'portal-richtext-found' : undefined} data-current-match={leaf.current ? '' : undefined}>
      {inner}
    </span>
  );
}

const hotkeys: Record<string, 'bold' | 'italic' | 'underline'> = { b: 'bold', i: 'italic', u: 'underline' };

/**
 * A rich-text editor on Slate for HTML such as marketing email: every element keeps its tag and
 * attributes (tables, fonts, colours, links, images), so what comes out looks like what went in.
 * Bold/italic/underline, undo; optional find and replace and Remove Link.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { id, value, onChange, height = 300, readOnly, delay = 1000 } = props;
  const [editor] = useState(() => withHtml(withHistory(withReact(createEditor()))));
  const [initial] = useState(() => htmlToSlate(value));
  const emitted = useRef(value);
  /** An edit not yet handed over as HTML. */
  const pending = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const idle = useRef<number | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [, setVersion] = useState(0);

  const cancelScheduled = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (idle.current !== undefined) cancelIdle(idle.current);
    idle.current = undefined;
  }, []);

  const flush = useCallback(() => {
    cancelScheduled();
    if (!pending.current) return;
    pending.current = false;
    const html = slateToHtml(editor.children);
    emitted.current = html;
    onChangeRef.current(html);
  }, [editor, cancelScheduled]);

  // A value that did not come from this editor (loaded, reset) replaces the document.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    editor.children = htmlToSlate(value);
    editor.selection = null;
    editor.history = { undos: [], redos: [] };
    editor.onChange();
    setVersion((v) => v + 1);
  }, [editor, value]);
  useEffect(() => () => flush(), [flush]);

  // Serialising a large email takes milliseconds: it waits for a pause in typing and then for idle
  // time, so it never lands between a keystroke and its paint.
  const changed = useCallback(() => {
    if (!editor.operations.some((op) => op.type !== 'set_selection')) return;
    pending.current = true;
    cancelScheduled();
    timer.current = setTimeout(() => {
      timer.current = undefined;
      idle.current = whenIdle(flush);
    }, delay);
  }, [editor, delay, flush, cancelScheduled]);

  const [term, setTerm] = useState('');
  const [replacement, setReplacement] = useState('');
  const [matchCase, setMatchCase] = useState(false);
  const [count, setCount] = useState<number | null>(null);
  const [confirmLinks, setConfirmLinks] = useState(false);
  const opts = useMemo(() => ({ matchCase }), [matchCase]);

  /** The match Next selected: marked apart from the others until the term or the text changes. */
  const [current, setCurrent] = useState<BaseRange | null>(null);
  const decorate = useCallback(
    ([node, path]: NodeEntry): BaseRange[] =>
      term && Text.isText(node)
        ? matchesInText(node.text, path, term, opts).map((r) => (current && Range.equals(r, current) ? { ...r, found: true, current: true } : { ...r, found: true }))
        : [],
    [term, opts, current],
  );

  const reveal = () => {
    try {
      if (!editor.selection) return;
      const dom = ReactEditor.toDOMRange(editor, editor.selection);
      dom.startContainer.parentElement?.scrollIntoView({ block: 'center' });
    } catch {
      // The match is not drawn (yet): nothing to scroll to.
    }
  };
  const afterEdit = () => {
    setCurrent(null);
    setCount(findMatches(editor, term, opts).length);
    pending.current = true;
    flush();
  };

  const onBeforeInput = useCallback((e: InputEvent) => insertTypedText(editor, e), [editor]);
  const onKeyDown = (e: KeyboardEvent): boolean => {
    const mark = (e.ctrlKey || e.metaKey) && hotkeys[e.key.toLowerCase()];
    if (mark) {
      e.preventDefault();
      toggleMark(editor, mark);
      return true;
    }
    // Ctrl+Home / Ctrl+End put the caret in the first / last text (documentEdge), with Shift extending the selection to it.
    if ((e.ctrlKey || e.metaKey) && !e.altKey && (e.key === 'Home' || e.key === 'End')) {
      e.preventDefault();
      const to = documentEdge(editor, e.key === 'Home' ? 'start' : 'end');
      if (e.shiftKey && editor.selection) Transforms.select(editor, { anchor: editor.selection.anchor, focus: to });
      else Transforms.select(editor, to);
      return true;
    }
    // A character typed: slate-react's key handling has nothing to do (its hotkeys need a modifier or
    // a named key; the text comes through beforeinput), and it would first read the text of the whole
    // top-level block for its direction. Returning true tells slate-react the key is handled.
    return e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey;
  };
  return (
    <div className="portal-richtext" data-testid={`${id}-richtext`}>
      <Slate editor={editor} initialValue={initial} onChange={changed}>
        <div className="portal-richtext-toolbar" role="toolbar" aria-label={props.label ? `${props.label} formatting` : 'Formatting'}>
          <MarkButtons disabled={readOnly} />
          {props.findReplace ? (
            <div className="portal-richtext-find" role="search">
              <InputGroup size="small" placeholder="Find" aria-label="Find" value={term} onValueChange={(v) => { setTerm(v); setCurrent(null); setCount(v ? findMatches(editor, v, opts).length : null); }} />
              <InputGroup size="small" placeholder="Replace with" aria-label="Replace with" value={replacement} onValueChange={setReplacement} />
              <Checkbox className="portal-richtext-case" label="Match case" checked={matchCase} onChange={(e) => { const mc = e.currentTarget.checked; setMatchCase(mc); setCount(term ? findMatches(editor, term, { matchCase: mc }).length : null); }} />
              <Button size="small" text="Next" disabled={!term} onClick={() => { setCurrent(selectNext(editor, term, opts)); reveal(); }} />
              <Button size="small" text="Replace" disabled={!term || readOnly} onClick={() => { replaceOne(editor, term, replacement, opts); reveal(); afterEdit(); }} />
              <Button size="small" text="Replace All" disabled={!term || readOnly} onClick={() => { replaceAll(editor, term, replacement, opts); afterEdit(); }} />
              {count !== null ? <span className="portal-richtext-count" aria-live="polite">{count} found</span> : null}
            </div>
          ) : null}
          {props.removeLinks ? <Button className="portal-richtext-unlink" size="small" icon="unlink" text="Remove Link" disabled={readOnly} onClick={() => setConfirmLinks(true)} /> : null}
        </div>
        <div className="portal-richtext-frame" style={{ height }}>
          <Editable
            id={id}
            aria-label={props.label}
            className="portal-richtext-editable"
            readOnly={readOnly}
            renderElement={RenderElement}
            renderLeaf={RenderLeaf}
            renderText={RenderText}
            as={EditableRoot}
            scrollSelectionIntoView={scrollCaretIntoView}
            // Without a search term no decorate at all: slate-react then skips decorating every node on each change.
            decorate={term ? decorate : undefined}
            onKeyDown={onKeyDown}
            onDOMBeforeInput={onBeforeInput}
            onBlur={flush}
            spellCheck={false}
          />
        </div>
      </Slate>
      <Alert
        isOpen={confirmLinks}
        cancelButtonText="Cancel"
        confirmButtonText="Ok"
        intent="warning"
        onCancel={() => setConfirmLinks(false)}
        canEscapeKeyCancel
        onConfirm={() => {
          setConfirmLinks(false);
          removeLinks(editor);
          // Handed over at once, like Replace All: Slate reports the change in a microtask, and the
          // `changed` it calls would otherwise replace a short timer with the typing pause and idle
          // wait, so a Save soon after could still send the links.
          pending.current = true;
          flush();
        }}
      >
        <p>{props.removeLinksConfirm ?? 'Remove all links?'}</p>
      </Alert>
    </div>
  );
}
