// The Swedish of an account's state (design §4.14) that /staff and a client's page share.
import type { AccountStatus } from '@halsa/api';
import type { BadgeVariant } from '../../primitives/badge/badge';

export const statusBadge: Record<AccountStatus, BadgeVariant> = {
  ACTIVE: 'success',
  INVITED: 'warning',
  INACTIVE: 'neutral',
};

export const LOCKED_LABEL = 'Låst inloggning';

export const deactivateDescription = (name: string): string =>
  `${name} loggas ut direkt och kan inte längre logga in. Uppgifter och loggar finns kvar.`;
export const reactivateDescription = (name: string): string =>
  `${name} kan logga in igen med sitt lösenord.`;

export const deactivatedMessage = (name: string): string => `${name} är inaktiverad.`;
export const reactivatedMessage = (name: string): string => `${name} är återaktiverad.`;
export const unlockedMessage = (name: string): string => `Inloggningen för ${name} är upplåst.`;

export const DEACTIVATE_FAILED = 'Kunde inte inaktivera kontot';
export const REACTIVATE_FAILED = 'Kunde inte återaktivera kontot';
export const UNLOCK_FAILED = 'Kunde inte låsa upp inloggningen';
export const ROLE_FAILED = 'Kunde inte byta roll';

/** 'Anna Lindqvists', 'Lars Nilssons', but 'Anders' (a name ending in s, x or z takes none). */
export const genitive = (name: string): string => (/[sxz]$/i.test(name) ? name : `${name}s`);
