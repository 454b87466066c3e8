// What the server said, in the UI's language. Panel events, audit entries, diagnostics and panel
// errors carry their English `message` and, beside it, a message id and its parameters
// (interface.md, "Language"); the id names an entry of the `server` catalog. Without an id, or
// for an id this build's catalogs lack, the English message is shown as it came.
import { useIntl } from 'react-intl';

export interface ServerText {
  message: string;
  messageId?: string | null;
  params?: Record<string, string | number> | null;
}

export function useServerText(): (m: ServerText) => string {
  const intl = useIntl();
  return (m) => {
    const id = m.messageId ? `server.${m.messageId}` : null;
    return id && id in intl.messages ? intl.formatMessage({ id }, m.params ?? undefined) : m.message;
  };
}
