// Whom a client contacts to move or cancel a meeting (issue 35): the meeting's coach, with
// 'Skicka meddelande' opening their conversation in the messaging widget (or a new one). Staff
// move and cancel meetings themselves; a client cannot, so the card tells her whom to ask.
import {
  openConversation,
  startConversation,
  useConversations,
  type Appointment,
} from '@halsa/api';
import { Button } from '../../../primitives/button/button';

export const moveMeetingText = (staffName: string) =>
  `Behöver du flytta eller avboka mötet? Skriv till ${staffName}.`;

export function MeetingContact({ appointment }: { appointment: Appointment }) {
  const { staffId, staffName } = appointment;
  // Her conversation with the coach; `null` when there is none, `undefined` while loading.
  const { conversations, error } = useConversations();
  const conversation = error
    ? null
    : conversations && (conversations.find((c) => c.partner.id === staffId) ?? null);
  const write = () =>
    conversation
      ? openConversation(conversation.conversationId)
      : startConversation(staffId, staffName);
  return (
    <div className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p>{moveMeetingText(staffName)}</p>
      <Button
        variant="secondary"
        size="sm"
        onClick={write}
        disabled={conversation === undefined}
        aria-label={`Skicka meddelande till ${staffName}`}
      >
        Skicka meddelande
      </Button>
    </div>
  );
}
