import { ApiCode } from '@mdc/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { appConfig } from '../../config';
import { HttpFailure } from '../../lib/http';
import { fetchSuggestions, type Suggestion } from './api';

/** Set once the server says it has no autocomplete: later keystrokes do not ask again. */
let unavailable = false;

function normalise(data: unknown): Suggestion[] {
  const list = (data as { list?: unknown } | null)?.list;
  if (!Array.isArray(list)) return [];
  return list
    .filter((item): item is Suggestion => Boolean(item) && typeof (item as Suggestion).value === 'string')
    .slice(0, 10);
}

/**
 * Suggestions for what the user is typing. It only reacts to `onType` (typing), never to focus;
 * blank input clears; a missing endpoint or any failure just means no suggestions.
 */
export function useAutocomplete() {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  /** The server's word when it refuses a keyword (over 200 characters). */
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const controller = useRef<AbortController>(undefined);

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    controller.current?.abort();
  }, []);

  const onType = useCallback(
    (value: string) => {
      stop();
      const kwd = value.trim();
      if (!kwd || unavailable) {
        setSuggestions([]);
        setMessage('');
        return;
      }
      timer.current = setTimeout(() => {
        const current = new AbortController();
        controller.current = current;
        fetchSuggestions(kwd, current.signal)
          .then((envelope) => {
            if (current.signal.aborted) return;
            if (envelope.code === ApiCode.NOT_FOUND) unavailable = true;
            setSuggestions(envelope.code === ApiCode.OK ? normalise(envelope.data) : []);
            // Refused keyword, or data not searchable yet (first import): the server's words, not an empty list.
            const loading = envelope.code === ApiCode.OK && Boolean((envelope.data as { loading?: unknown } | null)?.loading);
            setMessage(envelope.code === ApiCode.BAD_REQUEST || loading ? envelope.msg : '');
          })
          .catch((error: unknown) => {
            if (error instanceof HttpFailure && error.kind === 'http' && (error.status === 404 || error.status === 405)) {
              unavailable = true;
            }
            if (!current.signal.aborted) {
              setSuggestions([]);
              setMessage('');
            }
          });
      }, appConfig.autocompleteDebounceMs);
    },
    [stop],
  );

  const clear = useCallback(() => {
    stop();
    setSuggestions([]);
    setMessage('');
  }, [stop]);

  useEffect(() => stop, [stop]);

  return { suggestions, message, onType, clear };
}
