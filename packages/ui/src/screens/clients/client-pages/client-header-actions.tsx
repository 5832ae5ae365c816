// The client header's icons (spec §2.6): message the client (opens the widget on the existing
// conversation, or starts one, through the api package's window events), send a password reset
// link (ADMIN), and remind (shown, with no action, as the spec says); a link opens /appointments
// showing this client's meetings, ready to book one. Without a conversation a warning offers to
// start one.
import {
  type Client,
  displayName,
  openConversation,
  RESET_LINK_FAILED_FALLBACK,
  resetLinkSentMessage,
  startConversation,
  useConversations,
  useSendResetLink,
  useSession,
} from '@halsa/api';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { ChatIcon } from '../../../components/top-bar/shell-icons';
import { to } from '../../../config/links';
import { BellRingIcon, KeyIcon } from '../../../lib/icons';
import { Alert } from '../../../primitives/alert/alert';
import { Button, buttonVariants } from '../../../primitives/button/button';
import { useToast } from '../../../primitives/toast/toast';
import { Tooltip } from '../../../primitives/tooltip/tooltip';

/** The key icon's name and tooltip (issue 35). */
export const RESET_LINK_LABEL = 'Skicka länk för nytt lösenord';
export const resetLinkQuestion = (name: string): string =>
  `Skicka länk för nytt lösenord till ${name}?`;
export const resetLinkDescription = (email: string): string =>
  `Ett mejl med en länk för att välja ett nytt lösenord skickas till ${email}. Det nuvarande lösenordet fungerar tills ett nytt har valts.`;

/** A square icon button at least the target size. */
const ICON_BUTTON = 'h-target min-w-target px-2';

/**
 * The conversation with this client, `null` when there is none, `undefined` while loading: the
 * list filtered to her on the server, not the coach's whole list (issue 38).
 */
export function useClientConversation(clientId: number) {
  const { conversations, error } = useConversations({ partnerId: clientId });
  if (error) return null;
  if (!conversations) return undefined;
  return conversations.find((c) => c.partner.id === clientId) ?? null;
}

export function ClientHeaderActions({ client }: { client: Client }) {
  const { user } = useSession();
  const conversation = useClientConversation(client.id);
  const { trigger } = useSendResetLink();
  const [confirmReset, setConfirmReset] = useState(false);
  const toast = useToast();
  const name = displayName(client);

  const message = () =>
    conversation
      ? openConversation(conversation.conversationId)
      : startConversation(client.id, name);

  return (
    <div className="flex items-center gap-1">
      <Link
        to={to.clientAppointments(client.id)}
        className={buttonVariants({ variant: 'secondary', size: 'sm' })}
        aria-label={`Bokningar för ${name}`}
      >
        Bokningar
      </Link>
      <Button
        variant="ghost"
        size="sm"
        className={ICON_BUTTON}
        aria-label={`Skicka meddelande till ${name}`}
        onClick={message}
        disabled={conversation === undefined}
      >
        <ChatIcon />
      </Button>
      {user?.role === 'ADMIN' ? (
        // The key mails a link: labelled, with a tooltip on hover and focus, and it asks first.
        // The dialog sits outside the tooltip so focus inside it does not count as the key's.
        <>
          <Tooltip content={RESET_LINK_LABEL} side="bottom" align="end">
            <Button
              variant="ghost"
              size="sm"
              className={ICON_BUTTON}
              aria-label={`${RESET_LINK_LABEL} till ${name}`}
              onClick={() => setConfirmReset(true)}
            >
              <KeyIcon />
            </Button>
          </Tooltip>
          <ConfirmDialog
            open={confirmReset}
            onOpenChange={setConfirmReset}
            title={resetLinkQuestion(name)}
            description={resetLinkDescription(client.email)}
            confirmLabel="Skicka länk"
            busyLabel="Skickar…"
            fallback={RESET_LINK_FAILED_FALLBACK}
            onConfirm={async () => {
              await trigger(client.id);
              toast.success(resetLinkSentMessage(name));
            }}
          />
        </>
      ) : null}
      <Button
        variant="ghost"
        size="sm"
        className={ICON_BUTTON}
        aria-label={`Påminn ${name}`}
        aria-disabled="true"
      >
        <BellRingIcon />
      </Button>
    </div>
  );
}

export function NoConversationWarning({ client }: { client: Client }) {
  const conversation = useClientConversation(client.id);
  if (conversation !== null) return null;
  const name = displayName(client);
  return (
    <Alert
      variant="warning"
      action={
        <Button variant="link" size="sm" onClick={() => startConversation(client.id, name)}>
          Starta en konversation
        </Button>
      }
    >
      Du har ingen konversation med {name}.
    </Alert>
  );
}
