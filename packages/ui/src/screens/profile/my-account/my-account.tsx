// /profile/myaccount (spec §2.4, issue 13; every role; 'Användarinställningar' in the user menu,
// so the page has that title): her account details, profile picture,
// change password, and for a USER 'Vem har läst mina uppgifter' (design §4.11).
import { displayName, useMyAccount, useSession, type MyAccount } from '@halsa/api';
import { useId, type ReactNode } from 'react';
import { Alert } from '../../../primitives/alert/alert';
import { Spinner } from '../../../primitives/spinner/spinner';
import { AccessLog } from './access-log';
import { ChangePassword } from './change-password';
import { ProfilePicture } from './profile-picture';
import { EmailText } from '../../../lib/email-text';
import { Page } from '../../../components/page/page';

const roleLabels = { USER: 'Klient', STAFF: 'Personal', ADMIN: 'Administratör' } as const;

/** Label and value rows; a missing value reads 'Saknas'. */
function Details({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-fg-muted">{label}</dt>
          <dd className="break-words">{value ?? 'Saknas'}</dd>
        </div>
      ))}
    </dl>
  );
}

function personalRows(p: NonNullable<MyAccount['personal']>): [string, string | null][] {
  const address = [p.street, [p.zipCode, p.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [
    p.socialSecurityNumber
      ? ['Personnummer', p.socialSecurityNumber]
      : ['Födelsedatum', p.birthDate],
    ['Telefonnummer', p.phoneNumber],
    ['Adress', address || null],
  ];
}

export function MyAccountScreen() {
  const { user } = useSession();
  const { account, error } = useMyAccount();
  const detailsId = useId();
  return (
    <Page page="myAccount" gap="gap-8">
      {!user ? (
        <Spinner label="Hämtar kontot…" />
      ) : (
        <>
          <section aria-labelledby={detailsId} className="flex flex-col gap-3">
            <h2 id={detailsId} className="text-xl font-semibold">
              Kontouppgifter
            </h2>
            <Details
              rows={[
                ['Namn', displayName(user)],
                ['E-post', account ? <EmailText email={account.email} /> : error ? null : '…'],
                ['Roll', roleLabels[user.role]],
              ]}
            />
            {error ? (
              <Alert variant="error" title="Kunde inte hämta dina kontouppgifter">
                {error.message}
              </Alert>
            ) : null}
            {account?.personal ? (
              <>
                <h3 className="text-lg font-semibold">Personuppgifter</h3>
                <Details rows={personalRows(account.personal)} />
                <p className="text-sm text-fg-muted">
                  Stämmer något inte? Skriv till mottagningen så rättar vi det.
                </p>
              </>
            ) : null}
          </section>
          <ProfilePicture user={user} />
          <ChangePassword />
          {user.role === 'USER' ? <AccessLog /> : null}
        </>
      )}
    </Page>
  );
}
