// Settings (admins): panel users and their sessions, Integration API keys (the plaintext shown
// once, with a copy button), webhooks, and the audit log.
import { useIntl } from 'react-intl';
import { useTitle } from '../../shared/router';
import { PageHead } from '../../ui/bits';
import { AuditCard } from './AuditCard';
import { KeysCard } from './KeysCard';
import { SessionsCard } from './SessionsCard';
import { UsersCard } from './UsersCard';
import { WebhooksCard } from './WebhooksCard';

export function Settings() {
  const title = useIntl().formatMessage({ id: 'settings.title' });
  useTitle(title);
  return (
    <>
      <PageHead title={title} />
      <div className="grid">
        <KeysCard />
        <UsersCard />
        <SessionsCard />
        <WebhooksCard />
        <AuditCard />
      </div>
    </>
  );
}
