import { AnchorButton, Button, Callout, Card, FileInput, H4, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { ForwardAttachment, ForwardedEmail, HtmlBodyResponse } from '../../api/forwardTypes';
import { ConfirmDialog } from '../../ui/dashboard/MessageDialog';
import { formatEmailDate } from '../dashboards/formatEmailDate';
import { carryReturn, returnTarget } from '../dashboards/listReturn';
import { openPopup } from '../../ui/dashboard/openPopup';
import { MetadataForm } from '../../ui/form/MetadataForm';
import type { Doc, ViewModelLike } from '../../ui/form/types';
import { ApiError } from '../auth/apiFetch';
import { downloadAttachmentPath, forwardApi, pdfPath, processedHtmlPath } from './forwardApi';
import { TimedDialog, type Notice } from './TimedDialog';
import { useForwardForm, type ForwardForm } from './useForwardForm';
import './forward.css';

const NO_CODES = {};

type ForwardDoc = { forward_to: string; cc: string; forward_subject: string; message: string; body: string };

const docOf = (b: HtmlBodyResponse): ForwardDoc => ({ forward_to: b.forward_to, cc: b.cc, forward_subject: b.subject, message: b.message, body: b.body });

function formatSize(n: number): string {
  return n < 1024 ? `${n} B` : n < 1048576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1048576).toFixed(1)} MB`;
}

/**
 * /emailEditor/{muid}[?efid=n] (000 §2 forward editor): the forward form (schemas/forward, drawn by
 * the metadata renderer with the richtext widget), attachments, Save Product Info (a draft),
 * Save & Send, Cancel, and the forward history.
 */
export function ForwardEditorScreen() {
  const { form, error } = useForwardForm();
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (!form) return <Spinner aria-label="Loading email" />;
  return <ForwardEditor form={form} />;
}

function ForwardEditor({ form }: { form: ForwardForm }) {
  const meta = form.meta;
  const m = meta.messages;
  const muid = Number(useParams().muid);
  const [search, setSearch] = useSearchParams();
  const efidParam = Number(search.get('efid')) || null;
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<HtmlBodyResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [efid, setEfid] = useState<number | null>(efidParam);
  const docRef = useRef<ForwardDoc | null>(null);
  const [vm, setVm] = useState<ViewModelLike | undefined>(undefined);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [attachments, setAttachments] = useState<ForwardAttachment[]>([]);
  const [uploadMessage, setUploadMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [history, setHistory] = useState<ForwardedEmail[]>([]);
  const [deleting, setDeleting] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    setLoaded(null);
    forwardApi.htmlBody(muid, efidParam).then(
      (b) => {
        if (!live) return;
        docRef.current = docOf(b);
        setLoaded(b);
        setEfid(b.ids);
        setVm(undefined);
      },
      (e: Error) => live && setLoadError(e.message),
    );
    return () => {
      live = false;
    };
  }, [muid, efidParam]);

  const refreshAttachments = useCallback((id: number | null) => forwardApi.attachments(muid, id).then((r) => setAttachments(r.attachments), () => undefined), [muid]);
  const refreshHistory = useCallback(() => forwardApi.history(muid).then((r) => setHistory(r.forwardjson), () => undefined), [muid]);
  useEffect(() => {
    void refreshAttachments(efidParam);
    void refreshHistory();
  }, [refreshAttachments, refreshHistory, efidParam]);

  // The upload message clears itself (000 §8: 10 s).
  const uploadMs = m.uploaded.ms;
  useEffect(() => {
    if (!uploadMessage) return;
    const t = setTimeout(() => setUploadMessage(null), uploadMs);
    return () => clearTimeout(t);
  }, [uploadMessage, uploadMs]);

  const onChange = useCallback((_path: string, _value: unknown, next: Doc) => {
    docRef.current = next as ForwardDoc;
  }, []);

  /** The rules' verdict for an action, drawn under the fields; true when nothing blocks. */
  const check = (action: 'save' | 'send'): boolean => {
    if (!docRef.current) return false;
    const blocking = form.engine.evaluate(docRef.current, { action });
    const cc = form.engine.evaluate(docRef.current, { action: 'cc_check' });
    const fields: Record<string, { errors: string[] }> = {};
    for (const e of [...blocking.errors, ...cc.errors]) (fields[e.field] ??= { errors: [] }).errors.push(e.message);
    setVm({ fields });
    return blocking.errors.length === 0;
  };

  const save = async (): Promise<number | null> => {
    const d = docRef.current!;
    const r = await forwardApi.save({ muid, argtype: 'forward', ids: efid, body: d.body, forward_subject: d.forward_subject, forward_to: d.forward_to, cc: d.cc, forward_from: loaded?.forward_from, foward_message: d.message });
    setEfid(r.result.ids);
    return r.result.ids;
  };

  const onSave = async () => {
    // The rich-text widgets hand over their HTML on blur; let that land first.
    (document.activeElement as HTMLElement | null)?.blur();
    await Promise.resolve();
    if (!check('save')) return;
    setBusy(true);
    try {
      const id = await save();
      setNotice({ text: m.saved.text, ms: m.saved.ms, intent: 'success' });
      if (id !== efidParam) setSearch(carryReturn(search, { efid: String(id) }), { replace: true });
      void refreshHistory();
      void refreshAttachments(id);
    } catch (e) {
      setNotice({ text: e instanceof ApiError && e.status === 422 ? e.message : m.sendFailed.text, ms: m.sendFailed.ms, intent: 'danger' });
    } finally {
      setBusy(false);
    }
  };

  const onSend = async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    await Promise.resolve();
    if (!check('send')) return;
    setBusy(true);
    try {
      // 000 §4: Save & Send saves first, then sends with the saved id.
      const id = await save();
      const d = docRef.current!;
      await forwardApi.send({ muid, ids: id, body: d.body, subject: d.forward_subject, forward_to: d.forward_to, cc: d.cc, message: d.message, forward_from: loaded?.forward_from, attachids: attachments.map((a) => a.ceafid) });
      setNotice({ text: m.sent.text, ms: m.sent.ms, intent: 'success' });
      if (id !== efidParam) setSearch(carryReturn(search, { efid: String(id) }), { replace: true });
      void refreshHistory();
    } catch {
      setNotice({ text: m.sendFailed.text, ms: m.sendFailed.ms, intent: 'danger' });
    } finally {
      setBusy(false);
    }
  };

  const onUpload = async (file: File | undefined) => {
    if (!file) return;
    const used = attachments.reduce((s, a) => s + a.size, 0);
    if (used + file.size > meta.upload.maxTotalBytes) {
      setUploadMessage({ text: m.uploadTooLarge.text, ok: false });
      return;
    }
    let res: Response;
    try {
      res = await forwardApi.upload(muid, efid, meta.upload.field, file);
    } catch {
      setUploadMessage({ text: m.uploadNetwork.text, ok: false });
      return;
    }
    if (res.ok) setUploadMessage({ text: m.uploaded.text, ok: true });
    else if (res.status === 413) setUploadMessage({ text: m.uploadTooLarge.text, ok: false });
    else if (res.status === 415 || res.status === 500) setUploadMessage({ text: m.uploadType.text, ok: false });
    else setUploadMessage({ text: m.uploadOther.text, ok: false });
    void refreshAttachments(efid);
  };

  const onDeleteAttachment = async (a: ForwardAttachment) => {
    try {
      await forwardApi.deleteAttachment(a.ceafid);
      setNotice({ text: m.attachmentDeleted.text, ms: m.attachmentDeleted.ms, intent: 'success' });
    } catch (e) {
      setNotice({ text: e instanceof Error ? e.message : m.sendFailed.text, ms: m.sendFailed.ms, intent: 'danger' });
    }
    void refreshAttachments(efid);
  };

  const onDeleteForward = async (id: number) => {
    setDeleting(null);
    try {
      await forwardApi.deleteForward(muid, id);
      setNotice({ text: m.forwardDeleted.text, ms: m.forwardDeleted.ms, intent: 'success' });
      if (id === efid) setSearch(carryReturn(search, {}), { replace: true });
    } catch (e) {
      setNotice({ text: e instanceof Error ? e.message : m.sendFailed.text, ms: m.sendFailed.ms, intent: 'danger' });
    }
    void refreshHistory();
  };

  const document0 = useMemo(() => (loaded ? (docOf(loaded) as unknown as Doc) : null), [loaded]);

  if (loadError) return <Callout intent="danger">{loadError}</Callout>;
  if (!loaded || !document0) return <Spinner aria-label="Loading email" />;
  const p = meta.popups;
  return (
    <section className="forward-editor" aria-label="Forward email editor">
      <Card compact className="forward-editor__head">
        <H4 className="forward-editor__title">
          {efid ? `Forward ${efid} of email ${muid}` : `Forward email ${muid}`}: <span>{loaded.subject}</span>
        </H4>
        <nav className="forward-editor__links" aria-label="Email links">
          <Link to={`/email/${muid}`}>Email detail</Link>
          <AnchorButton variant="minimal" size="small" text="View Processed Html" href={processedHtmlPath(muid, 'original')} onClick={(e) => { e.preventDefault(); openPopup(processedHtmlPath(muid, 'original'), p.processedHtml); }} />
          <AnchorButton variant="minimal" size="small" text="View Processed PDF" href={pdfPath(muid, 'original')} onClick={(e) => { e.preventDefault(); openPopup(pdfPath(muid, 'original'), p.pdf); }} />
        </nav>
      </Card>

      <div className="forward-editor__form">
        <MetadataForm key={`${muid}-${loaded.ids ?? 'new'}`} blocks={form.blocks} codes={NO_CODES} document={document0} viewModel={vm} onChange={onChange} />
      </div>

      <Card compact className="forward-editor__attachments">
        <H4>Attachments</H4>
        <HTMLTable compact striped className="forward-editor__table" aria-label="Attachments">
          <thead>
            <tr>{meta.attachmentColumns.map((c) => <th key={c}>{c}</th>)}</tr>
          </thead>
          <tbody>
            {attachments.length === 0 ? (
              <tr><td colSpan={meta.attachmentColumns.length}>No Records</td></tr>
            ) : (
              attachments.map((a, i) => (
                <tr key={a.ceafid}>
                  <td>{i + 1}</td>
                  <td>{a.filename} <small className="forward-editor__size">({formatSize(a.size)})</small></td>
                  <td>{formatEmailDate(a.ceafdate)}</td>
                  <td><AnchorButton size="small" variant="minimal" icon="download" aria-label={`Download ${a.filename}`} href={downloadAttachmentPath(a.ceafid)} /></td>
                  <td><Button size="small" variant="minimal" icon="trash" intent={Intent.DANGER} aria-label={`Delete ${a.filename}`} onClick={() => void onDeleteAttachment(a)} /></td>
                </tr>
              ))
            )}
          </tbody>
        </HTMLTable>
        <div className="forward-editor__upload">
          <FileInput
            text="Choose a file to attach..."
            inputProps={{ name: meta.upload.field, 'aria-label': 'Attach a file' }}
            onInputChange={(e) => {
              const input = e.currentTarget as HTMLInputElement;
              void onUpload(input.files?.[0]);
              input.value = '';
            }}
          />
          {uploadMessage ? (
            <span role="status" className={uploadMessage.ok ? 'forward-editor__ok' : 'forward-editor__error'}>{uploadMessage.text}</span>
          ) : null}
        </div>
      </Card>

      <div className="forward-editor__buttons">
        <Button intent={Intent.PRIMARY} text="Save Product Info" loading={busy} onClick={() => void onSave()} />
        <Button intent={Intent.SUCCESS} text="Save & Send" loading={busy} onClick={() => void onSend()} />
        <Button text="Cancel" onClick={() => navigate(returnTarget(search))} />
      </div>

      <Card compact className="forward-editor__history">
        <H4>Forward history</H4>
        <HTMLTable compact striped className="forward-editor__table" aria-label="Forward history">
          <thead>
            <tr>{meta.historyColumns.map((c) => <th key={c}>{c}</th>)}</tr>
          </thead>
          <tbody>
            {history.length === 0 ? (
              <tr><td colSpan={meta.historyColumns.length}>No Records</td></tr>
            ) : (
              history.map((f) => (
                <tr key={f.efid} data-efid={f.efid}>
                  <td>{f.efid}</td>
                  <td>{formatEmailDate(f.efdate)}</td>
                  <td className="forward-editor__subject">{f.forward_subject}</td>
                  <td>{f.forward_from}</td>
                  <td>{f.forward_to || m.drafted}</td>
                  <td className="forward-editor__actions">
                    <Button size="small" variant="minimal" text="View Html" onClick={() => openPopup(processedHtmlPath(muid, f.efid), p.html)} />
                    <Button size="small" variant="minimal" text="Processed Html" onClick={() => openPopup(processedHtmlPath(muid, f.efid), p.processedHtml)} />
                    <Button size="small" variant="minimal" text="Processed PDF" onClick={() => openPopup(pdfPath(muid, f.efid), p.pdf)} />
                    <Button size="small" variant="minimal" icon="edit" text="Edit" onClick={() => setSearch(carryReturn(search, { efid: String(f.efid) }))} />
                    <Button size="small" variant="minimal" icon="trash" intent={Intent.DANGER} text="Delete" onClick={() => setDeleting(f.efid)} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </HTMLTable>
      </Card>

      <TimedDialog notice={notice} onClose={() => setNotice(null)} />
      <ConfirmDialog message={deleting !== null ? `Delete forwarded email ${deleting}?` : null} onConfirm={() => void onDeleteForward(deleting!)} onCancel={() => setDeleting(null)} />
    </section>
  );
}
