// What the server said, in the UI's language. Panel events, audit entries, diagnostics and panel
// errors carry their English `message` and, beside it, a message id and its parameters
// (interface.md, "Language"); the id names an entry of the `server` catalog. Without an id, or
// for an id this build's catalogs lack, the English message is shown as it came.
import { useIntl } from 'react-intl';
import { bytes, span } from '../shared/format';

export interface ServerText {
  message: string;
  messageId?: string | null;
  params?: Record<string, string | number> | null;
}

export function useServerText(): (m: ServerText) => string {
  const intl = useIntl();
  return (m) => {
    const id = m.messageId ? `server.${m.messageId}` : null;
    return id && id in intl.messages ? intl.formatMessage({ id }, localParams(m.params)) : m.message;
  };
}

/** A param the server spelled in English ("5 h 30 min", "6.3 GiB") is said in the UI's language
 * when its figure comes beside it: `<name>Sec` (a duration) or `<name>Bytes` (a size). */
function localParams(params: ServerText['params']): Record<string, string | number> | undefined {
  if (!params) return undefined;
  const out = { ...params };
  for (const key of Object.keys(params)) {
    const sec = params[`${key}Sec`];
    const size = params[`${key}Bytes`];
    if (typeof sec === 'number') out[key] = span(sec);
    else if (typeof size === 'number') out[key] = bytes(size);
  }
  return out;
}
