// Swedish phrases shared by the messaging screens (spec §2.7, §5, §8).
import type { Role } from '@halsa/api/contract';

export const BACK_LABEL = 'Tillbaka';
export const SEND_LABEL = 'Skicka';
export const ATTACH_LABEL = 'Bifoga fil';
export const NEW_CONVERSATION_LABEL = 'Ny konversation';
export const LIST_HEADING = 'Senaste konversationer';
export const NO_CONVERSATIONS_TEXT = 'Du har inga konversationer, starta en ny konversation!';
export const NO_MESSAGES_TEXT = 'Inga meddelanden i denna konversation.';
export const MESSAGES_ERROR_TEXT = 'Kunde inte hämta meddelanden.';
export const NO_USERS_TEXT = 'Inga användare hittades.';
export const CHOOSE_USER_ERROR = 'Välj en användare innan du skickar ett meddelande.';
export const TEXT_OR_FILE_ERROR = 'Du måste skriva ett meddelande eller bifoga en fil.';
export const DOWNLOAD_CONVERSATION_LABEL = 'Ladda ner konversation';
export const RETRY_LOAD_LABEL = 'Försök igen';

export const ROLE_LABELS: Record<Role, string> = {
  USER: 'Klient',
  STAFF: 'Personal',
  ADMIN: 'Administratör',
};
