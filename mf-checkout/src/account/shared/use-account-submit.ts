import { useRef, useState, type FormEvent } from 'react';
import { unreachable } from './browser-call.js';
import { ACCOUNT_FORM_TEXT } from './account-text.js';

/** What an account form says above its fields after a submit. */
export interface AccountMessage {
  type: 'success' | 'error';
  text: string;
}

export function accountError(text: string): AccountMessage {
  return { type: 'error', text };
}

export function accountSuccess(text: string): AccountMessage {
  return { type: 'success', text };
}

/**
 * One account request at a time from a form or button: a second press while the first is answered
 * is ignored, `submitting` says it is under way (the button's busy text), the last message is cleared
 * when a new request starts and replaced by the action's answer, and no answer at all (network,
 * timeout) becomes `errorOf`'s message in the server-unreachable wording.
 */
export function useAccountSubmit<A extends unknown[], M = AccountMessage>(action: (...args: A) => Promise<M | null>, errorOf: (text: string) => M) {
  const busy = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<M | null>(null);

  const submit = async (...args: A) => {
    if (busy.current) return;
    busy.current = true;
    setSubmitting(true);
    setMessage(null);
    try {
      setMessage(await action(...args));
    } catch (error) {
      setMessage(errorOf(unreachable(error).message));
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  /** The form's onSubmit for react-hook-form's handleSubmit(submit): a check that could not run (the rules' import failed) says so. */
  const onSubmit = (handle: (event: FormEvent<HTMLFormElement>) => Promise<void>) => (event: FormEvent<HTMLFormElement>) =>
    void handle(event).catch(() => setMessage(errorOf(ACCOUNT_FORM_TEXT.checkFailed)));

  return { submitting, message, submit, onSubmit };
}
