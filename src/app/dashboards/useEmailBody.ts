import { useEffect, useState } from 'react';
import type { EmailBody } from '../../api/emailTypes';
import { useEmailApi } from './EmailApi';

/** Loads an email's bodies for the popups; error holds the server's message. */
export function useEmailBody(muid: number): { body: EmailBody | null; error: string | null } {
  const api = useEmailApi();
  const [body, setBody] = useState<EmailBody | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.body(muid).then(
      (b) => live && setBody(b),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [api, muid]);
  return { body, error };
}
