import type { UploadOptions } from '../../api/client/Transport';
import { readCookie } from './cookies';
import { sessionState } from './sessionState';

/** A session-signed multipart POST through XHR rather than fetch: fetch reports no upload progress. */
export function xhrUpload(path: string, form: FormData, { operationId = 'edit', headers = {}, onProgress, signal }: UploadOptions): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    if (sessionState.accessToken) xhr.setRequestHeader('authorization', `Bearer ${sessionState.accessToken}`);
    const userId = readCookie('user_id');
    if (userId) xhr.setRequestHeader('userid', userId);
    if (sessionState.moduleId !== null && sessionState.moduleId !== undefined) xhr.setRequestHeader('moduleid', String(sessionState.moduleId));
    xhr.setRequestHeader('operationid', operationId);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () => {
      if (xhr.status === 401) sessionState.onUnauthorized?.();
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = () => reject(new Error('Upload failed'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
