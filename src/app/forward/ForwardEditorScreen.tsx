import { AnchorButton, Button, Callout, Card, FileInput, H4, HTMLTable, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { fillMessage } from '../../api/forwardEditorMeta';
import { forwardPaths } from '../../api/client/forwardClient';
import type { ForwardAttachment, HtmlBodyResponse } from '../../api/forwardTypes';
import { useEmailDetail } from '../../api/hooks/emailHooks';
import { useForwardAttachments, useForwardBody, useForwardHistory, useForwardWrites } from '../../api/hooks/forwardHooks';
import { ConfirmDialog } from '../../ui/dashboard/MessageDialog';
import { focusAfterRemoval } from '../../ui/focus/focusAfterRemoval';
import { openPopup } from '../../ui/dashboard/openPopup';
import { MetadataForm } from '../../ui/form/MetadataForm';
import type { Doc, ViewModelLike } from '../../ui/form/types';
import { ApiError } from '../auth/apiFetch';
import { DashboardMetaProvider } from '../dashboards/DashboardMetaProvider';
import { formatEmailDate } from '../../shared/formatEmailDate';
import { carryReturn, openedEmailState, returnTarget } from '../dashboards/listReturn';
import { EmailPartsList } from './EmailPartsList';
import { ForwardEmailHeader } from './ForwardEmailHeader';
import { formatSize } from './formatSize';
import { TimedDialog, type Notice } from './TimedDialog';
import { useForwardForm, type ForwardForm } from './useForwardForm';
import './forward.css';

const NO_CODES = {};

type ForwardDoc = { forward_to: string; cc: string; forward_subject: string; message: string; body: string };

const docOf = (b: HtmlBodyResponse): ForwardDoc => ({ forward_to: b.forward_to, cc: b.cc, forward_subject: b.subject, message: b.message, body: b.body });
const extOf = (name: string) => (/\.([a-z0-9]+)$/i.exec(name)?.[1] ?? '').toLowerCase();

/**
 * /emailEditor/{muid}[?efid=n] (000 §2 forward editor): the email's header, the forward form
 * (schemas/forward, drawn by the metadata renderer with the richtext widget), the email's own parts,
 * attachments, Save Product Info (a draft), Save & Send, Cancel, and the forward history.
 */
export function ForwardEditorScreen() {
  const { form, error } = useForwardForm();
  if (error) return <Callout intent="danger">{error}</Callout>;
  if (!form) return <Spinner aria-label="Loading email" />;
  return (
    <DashboardMetaProvider>
      <ForwardEditor form={form} />
    </DashboardMetaProvider>
  );
}

function ForwardEditor({ form }: { form: ForwardForm }) {
  const meta = form.meta;
  const m = meta.messages;
  const muid = Number(useParams().muid);
  const [search, setSearch] = useSearchParams();
  const efidParam = Number(search.get('efid')) || null;
  const navigate = useNavigate();
  const { data: email } = useEmailDetail(muid);
  const body = useForwardBody(muid, efidParam);
  const [loaded, setLoaded] = useState<HtmlBodyResponse | null>(null);
  const [efid, setEfid] = useState<number | null>(efidParam);
  const docRef = useRef<ForwardDoc | null>(null);
  /** Something typed since the last load or save (Cancel and Go Back ask first). */
  const dirty = useRef(false);
  const [vm, setVm] = useState<ViewModelLike | undefined>(undefined);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploadMessage, setUploadMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [confirm, setConfirm] = useState<{ text: string; go: () => void } | null>(null);
  const [sender, setSender] = useState('');
  const [askSender, setAskSender] = useState(false);
  const [senderInput, setSenderInput] = useState('');
  const [senderError, setSenderError] = useState<string | null>(null);
  const senderRef = useRef<HTMLInputElement | null>(null);
  const [pushed, setPushed] = useState<{ over: HtmlBodyResponse; doc: ForwardDoc } | null>(null);
  const attachmentsBox = useRef<HTMLDivElement | null>(null);
  const historyBox = useRef<HTMLDivElement | null>(null);

  // The copy is taken when another email or forward opens, and when a cached one is refreshed
  // while nothing is typed yet: a refresh never overwrites the reviewer's edits.
  const takenFor = useRef<string | null>(null);
  const copy = body.data;
  useEffect(() => {
    if (!copy) return;
    const key = `${muid}/${efidParam ?? ''}`;
    if (takenFor.current === key && dirty.current) return;
    takenFor.current = key;
    docRef.current = docOf(copy);
    dirty.current = false;
    setLoaded(copy);
    setEfid(copy.ids);
    setSender(copy.forward_from);
    setVm(undefined);
  }, [copy, muid, efidParam]);
  const loadError = body.error && !loaded ? body.error.message : null;

  const writes = useForwardWrites(muid);
  const attachments: ForwardAttachment[] = useForwardAttachments(muid, efid).data?.attachments ?? [];
  const history = useForwardHistory(muid).data?.forwardjson ?? [];

  // The upload message clears itself (000 §8: 10 s).
  const uploadMs = m.uploaded.ms;
  useEffect(() => {
    if (!uploadMessage) return;
    const t = setTimeout(() => setUploadMessage(null), uploadMs);
    return () => clearTimeout(t);
  }, [uploadMessage, uploadMs]);

  /** The rules' verdict for an action, drawn under the fields; true when nothing blocks. */
  const check = useCallback(
    (action: 'save' | 'send'): { ok: boolean; first: string | null } => {
      if (!docRef.current) return { ok: false, first: null };
      const blocking = form.engine.evaluate(docRef.current, { action });
      const cc = form.engine.evaluate(docRef.current, { action: 'cc_check' });
      const fields: Record<string, { errors: string[] }> = {};
      for (const e of [...blocking.errors, ...cc.errors]) (fields[e.field] ??= { errors: [] }).errors.push(e.message);
      setVm({ fields });
      const order = Object.keys(form.blocks[0]?.properties ?? {});
      const first = order.find((f) => blocking.errors.some((e) => e.field === f)) ?? blocking.errors[0]?.field ?? null;
      return { ok: blocking.errors.length === 0, first };
    },
    [form],
  );
  /** The action whose errors are shown: each one clears as soon as its field is fixed. */
  const shownFor = useRef<'save' | 'send' | null>(null);

  const onChange = useCallback(
    (_path: string, _value: unknown, next: Doc) => {
      docRef.current = next as ForwardDoc;
      dirty.current = true;
      if (shownFor.current) check(shownFor.current);
    },
    [check],
  );

  /** Scrolls to the first field in error and puts the caret in it (the page is long). */
  const focusField = (field: string) => {
    const el = document.getElementById(field);
    if (!el) return;
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
  };

  const validate = (action: 'save' | 'send'): boolean => {
    shownFor.current = action;
    const { ok, first } = check(action);
    if (!ok && first) requestAnimationFrame(() => focusField(first));
    return ok;
  };

  const save = async (): Promise<number> => {
    const d = docRef.current!;
    const r = await writes.save({ muid, argtype: 'forward', ids: efid, body: d.body, forward_subject: d.forward_subject, forward_to: d.forward_to, cc: d.cc, foward_message: d.message });
    setEfid(r.result.ids);
    dirty.current = false;
    return r.result.ids;
  };

  /** The server's words for a refusal it explains (ownership, recipients, rate, sender); the spec's otherwise. */
  const failure = (e: unknown, fallback: Notice['text']) => (e instanceof ApiError && [403, 409, 413, 422, 429].includes(e.status) ? e.message : fallback);

  // The rich-text widgets hand over their HTML on blur; let that land first.
  const settle = async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    await Promise.resolve();
  };

  const onSave = async () => {
    await settle();
    if (!validate('save')) return;
    setBusy(true);
    try {
      const id = await save();
      setNotice({ text: m.saved.text, ms: m.saved.ms, intent: 'success' });
      if (id !== efidParam) setSearch(carryReturn(search, { efid: String(id) }), { replace: true });
    } catch (e) {
      setNotice({ text: failure(e, m.sendFailed.text), ms: m.sendFailed.ms, intent: 'danger' });
    } finally {
      setBusy(false);
    }
  };

  const onSend = async () => {
    await settle();
    if (!validate('send')) return;
    if (!sender) {
      // 000 §6: mail goes out from the user's own address: asked for before the first send.
      setAskSender(true);
      requestAnimationFrame(() => senderRef.current?.focus());
      return;
    }
    setBusy(true);
    try {
      // 000 §4: Save & Send saves first, then sends with the saved id.
      const id = await save();
      const d = docRef.current!;
      // The address names the saved forward before the send is tried: a refused send (a recipient outside the allowed
      // domains, the hourly limit) leaves a draft, and a reload or a return must open it, not a fresh copy.
      if (id !== efidParam) setSearch(carryReturn(search, { efid: String(id) }), { replace: true });
      await writes.send({ muid, ids: id, body: d.body, subject: d.forward_subject, forward_to: d.forward_to, cc: d.cc, message: d.message, attachids: attachments.map((a) => a.ceafid) });
      setNotice({ text: m.sent.text, ms: m.sent.ms, intent: 'success' });
    } catch (e) {
      setNotice({ text: failure(e, m.sendFailed.text), ms: m.sendFailed.ms, intent: 'danger' });
    } finally {
      setBusy(false);
    }
  };

  const onSetSender = async () => {
    setSenderError(null);
    try {
      const r = await writes.setSender(senderInput.trim());
      setSender(r.forward_from);
      setAskSender(false);
      // 000 §6: the user's address is the sender and the default Cc. A new forward opened before the address was
      // known has an empty Cc: it takes the address now, in sight before the send. Untouched, the form takes the
      // copy setSender updated; with edits typed (which a new copy never overwrites) the Cc is put in here.
      const d = docRef.current;
      if (loaded && loaded.ids == null && d && !d.cc.trim()) {
        // A default, as the server's for a form opened with the address known: not an edit to ask about on leaving.
        docRef.current = { ...d, cc: r.forward_from };
        setPushed({ over: loaded, doc: docRef.current });
      }
      setNotice({ text: `Forwarded mail is now sent from ${r.forward_from}.`, ms: m.saved.ms, intent: 'success' });
    } catch (e) {
      setSenderError(e instanceof Error ? e.message : String(e));
    }
  };

  const allowed = useMemo(() => new Set(Object.keys(meta.upload.types)), [meta.upload.types]);
  const accept = useMemo(() => Object.keys(meta.upload.types).map((t) => `.${t}`).join(','), [meta.upload.types]);

  const onUpload = async (file: File | undefined) => {
    if (!file) return;
    // A new upload replaces the last one's message at once.
    setUploadMessage(null);
    if (!allowed.has(extOf(file.name))) {
      setUploadMessage({ text: m.uploadType.text, ok: false });
      return;
    }
    const used = attachments.reduce((s, a) => s + a.size, 0);
    if (used + file.size > meta.upload.maxTotalBytes) {
      setUploadMessage({ text: m.uploadTooLarge.text, ok: false });
      return;
    }
    let res: Response;
    try {
      res = await writes.upload(efid, meta.upload.field, file);
    } catch {
      setUploadMessage({ text: m.uploadNetwork.text, ok: false });
      return;
    }
    if (res.ok) setUploadMessage({ text: m.uploaded.text, ok: true });
    else if (res.status === 413) setUploadMessage({ text: m.uploadTooLarge.text, ok: false });
    else if (res.status === 415 || res.status === 500) setUploadMessage({ text: m.uploadType.text, ok: false });
    else setUploadMessage({ text: m.uploadOther.text, ok: false });
  };

  const onDeleteAttachment = async (a: ForwardAttachment) => {
    const keys = attachments.map((x) => x.ceafid);
    try {
      await writes.deleteAttachment(a.ceafid);
      // Before the notice opens: it gives the focus back to what had it, here the next row's Delete or the upload.
      focusAfterRemoval(attachmentsBox.current, keys, a.ceafid, (id) => `[data-ceafid="${id}"]`, 'input[type="file"]');
      setNotice({ text: m.attachmentDeleted.text, ms: m.attachmentDeleted.ms, intent: 'success' });
    } catch (e) {
      setNotice({ text: e instanceof Error ? e.message : m.sendFailed.text, ms: m.sendFailed.ms, intent: 'danger' });
    }
  };

  const onDeleteForward = async (id: number) => {
    const keys = history.filter((f) => f.mine).map((f) => f.efid);
    try {
      await writes.deleteForward(id);
      focusAfterRemoval(historyBox.current, keys, id, (efid) => `[data-delete-efid="${efid}"]`, 'h4');
      setNotice({ text: m.forwardDeleted.text, ms: m.forwardDeleted.ms, intent: 'success' });
      if (id === efid) navigate(`/emailEditor/${muid}?${carryReturn(search, {})}`, { replace: true });
    } catch (e) {
      setNotice({ text: e instanceof Error ? e.message : m.sendFailed.text, ms: m.sendFailed.ms, intent: 'danger' });
    }
  };

  /** Cancel and Go Back: to the list the email was opened from (the blocker below asks first when something is unsaved). */
  const leave = () => navigate(returnTarget(search), { state: openedEmailState(muid) });
  // Any way out with unsaved edits asks 000 §5's question: Cancel and Go Back, a sidebar or header link, the browser's
  // Back (the router's blocker); closing or reloading the tab (the browser's own question).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty.current && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search));
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (dirty.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  // The loaded copy, or the document put into the form over it since (the Cc a newly declared address defaults).
  const document0 = useMemo(() => (loaded ? ((pushed?.over === loaded ? pushed.doc : docOf(loaded)) as unknown as Doc) : null), [loaded, pushed]);

  if (loadError) return <Callout intent="danger">{loadError}</Callout>;
  if (!loaded || !document0) return <Spinner aria-label="Loading email" />;
  const p = meta.popups;
  const mine = loaded.mine;
  return (
    <section className="forward-editor" aria-label="Forward email editor">
      {email ? <ForwardEmailHeader email={email} onBack={leave} popups={p} /> : <Spinner size={20} aria-label="Loading email header" />}
      <H4 className="forward-editor__title">{efid ? `Forward ${efid}` : 'New forward'}</H4>
      {!mine ? <Callout intent="warning" compact>{m.notOwner.text}</Callout> : null}
      {askSender || !sender ? (
        <Callout intent={askSender ? 'warning' : 'primary'} compact className="forward-editor__sender" title={askSender ? m.senderMissing.text : undefined}>
          <label htmlFor="forward-sender">{m.senderPrompt}</label>
          <div className="forward-editor__sender-row">
            <InputGroup id="forward-sender" inputRef={senderRef} type="email" value={senderInput} onValueChange={setSenderInput} placeholder="you@example.com" intent={senderError ? 'danger' : 'none'} />
            <Button text="Use this address" onClick={() => void onSetSender()} disabled={!senderInput.trim()} />
          </div>
          {senderError ? <span role="alert" className="forward-editor__error">{senderError}</span> : null}
        </Callout>
      ) : null}

      <div className="forward-editor__form">
        <MetadataForm key={`${muid}-${loaded.ids ?? 'new'}`} blocks={form.blocks} codes={NO_CODES} document={document0} viewModel={vm} onChange={onChange} mode={mine ? 'edit' : 'read'} />
      </div>

      {loaded.email_attachments.length ? (
        <Card compact className="forward-editor__parts">
          <EmailPartsList parts={loaded.email_attachments} />
        </Card>
      ) : null}

      <Card compact className="forward-editor__attachments" ref={attachmentsBox}>
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
                  <td><AnchorButton size="small" variant="minimal" icon="download" aria-label={`Download ${a.filename}`} href={forwardPaths.downloadAttachment(a.ceafid)} /></td>
                  <td>
                    <Button size="small" variant="minimal" icon="trash" intent={Intent.DANGER} aria-label={`Delete ${a.filename}`} data-ceafid={a.ceafid} disabled={!mine}
                      onClick={() => setConfirm({ text: fillMessage(m.deleteAttachmentConfirm, { filename: a.filename }), go: () => void onDeleteAttachment(a) })} />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </HTMLTable>
        <div className="forward-editor__upload">
          <FileInput
            text="Choose a file to attach..."
            disabled={!mine}
            inputProps={{ name: meta.upload.field, 'aria-label': 'Attach a file', accept }}
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
        <Button intent={Intent.PRIMARY} text="Save Product Info" loading={busy} disabled={!mine} onClick={() => void onSave()} />
        <Button intent={Intent.SUCCESS} text="Save & Send" loading={busy} disabled={!mine} onClick={() => void onSend()} />
        <Button text="Cancel" onClick={leave} />
      </div>

      <Card compact className="forward-editor__history" ref={historyBox}>
        {/* Focusable by script only: where the keyboard goes when the last forward of one's own is deleted. */}
        <H4 tabIndex={-1}>Forward history</H4>
        <HTMLTable compact striped className="forward-editor__table forward-editor__history-table" aria-label="Forward history">
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
                  <td className="forward-editor__date">{formatEmailDate(f.sent_at ?? f.efdate)}</td>
                  <td className="forward-editor__subject" title={f.forward_subject}>{f.forward_subject}</td>
                  <td className="forward-editor__who">
                    {f.forward_from || '-'}
                    {f.created_by ? <small> / {f.created_by}</small> : null}
                  </td>
                  <td className="forward-editor__recipient">{f.forward_to || m.drafted}</td>
                  <td className="forward-editor__actions">
                    <Button size="small" variant="minimal" text="View Html" onClick={() => openPopup(forwardPaths.viewHtml(muid, f.efid), p.html)} />
                    <Button size="small" variant="minimal" text="Processed Html" onClick={() => openPopup(forwardPaths.processedHtml(muid, f.efid), p.processedHtml)} />
                    <Button size="small" variant="minimal" text="Processed PDF" onClick={() => openPopup(forwardPaths.pdf(muid, f.efid), p.pdf)} />
                    <Button size="small" variant="minimal" icon="edit" text={f.mine ? 'Edit' : 'Open'} onClick={() => setSearch(carryReturn(search, { efid: String(f.efid) }))} />
                    {f.mine ? (
                      <Button size="small" variant="minimal" icon="trash" intent={Intent.DANGER} text="Delete" data-delete-efid={f.efid}
                        onClick={() => setConfirm({ text: `Delete forwarded email ${f.efid}?`, go: () => void onDeleteForward(f.efid) })} />
                    ) : null}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </HTMLTable>
      </Card>

      <TimedDialog notice={notice} onClose={() => setNotice(null)} />
      <ConfirmDialog
        message={confirm?.text ?? null}
        onConfirm={() => {
          const go = confirm?.go;
          setConfirm(null);
          go?.();
        }}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog message={blocker.state === 'blocked' ? m.unsavedChanges : null} onConfirm={() => blocker.proceed?.()} onCancel={() => blocker.reset?.()} />
    </section>
  );
}
