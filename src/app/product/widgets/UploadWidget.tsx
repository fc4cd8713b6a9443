import { Button, FileInput, ProgressBar } from '@blueprintjs/core';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState } from 'react';
import { acceptAttribute, typeOfBrowserFile, UPLOAD_TYPE_TABLE, uploadTypesOf } from '../../../engine/policy/uploadTypes';
import { formatRate } from './formatRate';
import './media.css';
import { MediaPreview } from './MediaPreview';
import { PdfTextDialog } from './PdfTextDialog';
import { useOptionalProductEditor } from './ProductEditorContext';
import { refreshMediaDetails, useMediaDetails } from './useMediaDetails';

interface Progress {
  percent: number;
  rate: string;
}

/**
 * The product PDF / media: a file control with Upload, a progress bar with percent and Mb/s, and
 * the Manage Preview link. Choosing a file fills the transient `selected_file` / `upload` fields so
 * the rules refuse a save before upload and check size and type (`upload` action); every action of
 * the screen is disabled while the upload runs.
 */
export function UploadWidget(props: WidgetProps) {
  const editor = useOptionalProductEditor();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const current = typeof props.value === 'string' ? props.value : '';
  const productId = editor?.getDoc().product_id as number | undefined;
  const lookups = editor?.lookups;
  const details = useMediaDetails(productId, lookups?.media ?? noMedia);
  const [viewing, setViewing] = useState(false);
  const done = details?.processing.status === 'done';
  // When the page images and text are ready, the document takes what the server filled.
  useEffect(() => {
    if (!editor || !details || !done) return;
    const text = details.pdf_text === null ? undefined : details.pdf_text.slice(0, details.max_characters);
    const d = editor.getDoc();
    if ((text === undefined || d.pdf_content === text) && d.banner_product_path === (details.banner_product_path ?? undefined)) return;
    editor.update((doc) => ({ ...doc, ...(text === undefined ? {} : { pdf_content: text }), banner_product_path: details.banner_product_path ?? undefined }));
  }, [editor, details, done]);
  // 001 §2: for email content, the processed PDF of the product's email.
  const doc = editor?.getDoc();
  const processedPdf = doc?.ec_content_type === 'email' && (typeof doc.muid === 'number' || typeof doc.muid === 'string') && doc.muid !== '' ? `/temppdf/${String(doc.muid)}` : null;
  // Only when there is something to open: an empty line under the label looks like a missing control.
  const links = details?.file_path || details?.kind === 'pdf' || processedPdf ? (
    <span className="portal-media-links">
      {details?.file_path && (
        <a href={details.file_path} target="_blank" rel="noreferrer" title="Open the uploaded file in a new window">
          Manage Product Content
        </a>
      )}
      {details?.kind === 'pdf' && (
        <a href={`/managepdf/${productId}`} target="_blank" rel="noreferrer">
          Manage Preview
        </a>
      )}
      {processedPdf && (
        <a href={processedPdf} target="_blank" rel="noreferrer" title="The email's processed PDF, which Use Process PDF stands for">
          View Processed PDF
        </a>
      )}
      {details?.kind === 'pdf' && done && (
        <a
          href="#pdf-text"
          onClick={(e) => {
            e.preventDefault();
            setViewing(true);
          }}
        >
          View Content
        </a>
      )}
    </span>
  ) : null;
  const below = (
    <>
      {details?.pdf_content_message && (
        <div className="portal-media-warning" role="alert">
          {details.pdf_content_message}{' '}
          <a
            href="#pdf-text"
            onClick={(e) => {
              e.preventDefault();
              setViewing(true);
            }}
          >
            View Content
          </a>
        </div>
      )}
      <MediaPreview details={details} />
      <PdfTextDialog details={details} isOpen={viewing} onClose={() => setViewing(false)} />
    </>
  );
  if (!editor || props.readonly || props.disabled) {
    return (
      <div className="portal-upload">
        {/* The file by its name, opening it (the stored path says nothing to an editor). */}
        <span className="portal-read-value">
          {details?.file_path ? (
            <a href={details.file_path} target="_blank" rel="noreferrer">
              {details.filename ?? current}
            </a>
          ) : (
            (details?.filename ?? current)
          )}{' '}
          {links}
        </span>
        {below}
      </div>
    );
  }

  // The upload types and what this channel takes: the same table and rules the server applies to
  // the sniffed content (codes/upload_file_type, rules/product/upload.json).
  const table = editor.codes[UPLOAD_TYPE_TABLE];
  const types = uploadTypesOf(table?.oneOf, table);
  const allowed = (editor.getViewModel().fields?.[typeField]?.options ?? []).map((o) => (typeof o === 'object' ? o.const : o));
  const choose = (f: File | null) => {
    if (!f) return;
    const upload = { file_name: f.name, file_size: f.size, mime_type: f.type };
    const found = typeOfBrowserFile(types, f.type, f.name);
    // The type and its kind decide what the channel takes and how large it may be (the size rules
    // read the kind); refused here, before any byte is sent, with the rule's message.
    const facts = { [typeField]: found?.mime ?? null, [kindField]: found?.kind ?? null };
    const problems = editor.check('upload', { ...editor.getDoc(), upload, ...facts });
    if (problems.length) {
      for (const p of problems) editor.notify(p.message, 'danger');
      setFile(null);
      return;
    }
    setFile(f);
    editor.update((d) => ({ ...d, selected_file: f.name, upload, ...facts }));
  };

  const start = async () => {
    if (!file) return;
    const ctl = new AbortController();
    abort.current = ctl;
    const t0 = performance.now();
    editor.setUploading(true);
    setProgress({ percent: 0, rate: formatRate(0, 0) });
    try {
      const result = await editor.lookups.upload(
        file,
        productId,
        (sent, total) => setProgress({ percent: total ? Math.floor((sent / total) * 100) : 0, rate: formatRate(sent, performance.now() - t0) }),
        ctl.signal,
        editor.getDoc().media_channel,
      );
      editor.update((d) => {
        const { selected_file: _s, upload: _u, [typeField]: _t, [kindField]: _k, ...rest } = d;
        // A new product's file waits on the server for the first save, which claims it.
        return result.staged_upload ? { ...rest, ...(result.fields ?? {}), staged_upload: result.staged_upload } : { ...rest, ...(result.fields ?? {}), product_pdf: result.product_pdf };
      });
      setFile(null);
      editor.notify(result.staged_upload ? 'File uploaded; it is saved with the product' : 'File uploaded', 'success');
      if (productId) void refreshMediaDetails(productId, editor.lookups.media);
    } catch (e) {
      editor.notify(e instanceof Error ? e.message : String(e), 'danger');
    } finally {
      editor.setUploading(false);
      setProgress((p) => (p ? { ...p, percent: 100 } : p));
      abort.current = null;
    }
  };

  const stagedName = !current && typeof doc?.staged_upload === 'string' ? String(doc.file_name ?? '') : '';
  return (
    <div className="portal-upload" id={props.id}>
      {stagedName && (
        <div className="portal-upload-current">
          Uploaded: <strong>{stagedName}</strong> (kept with the product when it is submitted)
        </div>
      )}
      {current ? (
        <div className="portal-upload-current">
          Current file: <strong>{details?.filename ?? current}</strong> {links}
        </div>
      ) : (
        links && <div className="portal-upload-current">{links}</div>
      )}
      <FileInput
        text={file ? file.name : 'Choose file...'}
        inputProps={{ 'aria-label': 'Product media file', accept: acceptAttribute(types, allowed) || undefined, onChange: (e) => choose(e.currentTarget.files?.[0] ?? null) }}
        disabled={editor.uploading}
      />
      <Button icon="upload" text="Upload" onClick={() => void start()} disabled={!file || editor.uploading} />
      {progress && (
        <div className="portal-upload-progress" aria-label="Upload progress">
          <ProgressBar value={progress.percent / 100} animate={progress.percent < 100} stripes={progress.percent < 100} />
          <span>
            {progress.percent}% · {progress.rate}
          </span>
        </div>
      )}
      {below}
    </div>
  );
}

/** The transient fields holding the chosen file's type and its kind, which the upload rules check. */
const typeField = 'upload_type';
const kindField = 'upload_kind';

const noMedia = () => Promise.reject(new Error('no editor'));
