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
import { Link } from 'react-router';
import { ChatIcon } from '../../../components/top-bar/shell-icons';
import { to } from '../../../config/paths';
import { BellRingIcon, KeyIcon } from '../../../lib/icons';
import { messageOr } from '../../../lib/server-message';
import { Alert } from '../../../primitives/alert/alert';
import { Button, buttonVariants } from '../../../primitives/button/button';
import { useToast } from '../../../primitives/toast/toast';

/** A square icon button at least the target size. */
const ICON_BUTTON = 'h-target min-w-target px-2';

/** The conversation with this client, `null` when there is none, `undefined` while loading. */
export function useClientConversation(clientId: number) {
  const { conversations, error } = useConversations();
  if (error) return null;
  if (!conversations) return undefined;
  return conversations.find((c) => c.partner.id === clientId) ?? null;
}

export function ClientHeaderActions({ client }: { client: Client }) {
  const { user } = useSession();
  const conversation = useClientConversation(client.id);
  const { trigger, isMutating } = useSendResetLink();
  const toast = useToast();
  const name = displayName(client);

  const message = () =>
    conversation
      ? openConversation(conversation.conversationId)
      : startConversation(client.id, name);

  const sendReset = async () => {
    try {
      await trigger(client.id);
      toast.success(resetLinkSentMessage(name));
    } catch (e) {
      toast.error(messageOr(e, RESET_LINK_FAILED_FALLBACK));
    }
  };

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
        <Button
          variant="ghost"
          size="sm"
          className={ICON_BUTTON}
          aria-label={`Skicka återställningslänk till ${name}`}
          onClick={() => void sendReset()}
          disabled={isMutating}
        >
          <KeyIcon />
        </Button>
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
