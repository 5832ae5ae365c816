// Her sign-in methods beside the password (design §4.17): each with its kind, her name for it,
// when it was added and last used, and 'Ta bort'. Props in, no fetching.
import { KeyIcon } from '../../../lib/icons';
import { formatDate, formatRelative } from '../../../lib/format';
import { Button } from '../../../primitives/button/button';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import type { SignInMethod } from '@halsa/api/contract';
import { methodKindLabels, methodTitle } from './labels';

export type SecurityMethodView = Pick<
  SignInMethod,
  'id' | 'kind' | 'name' | 'createdAt' | 'lastUsedAt'
>;

export interface MethodListProps {
  methods: readonly SecurityMethodView[];
  /** 'Ta bort' was chosen for `method`. */
  onRemove: (method: SecurityMethodView) => void;
  /** "Now" for the 'sedan' texts (stories pin it). */
  now?: Date;
}

export const NO_METHODS = 'Du har ingen nyckel eller autentiseringsapp ännu.';
export const NO_METHODS_TEXT =
  'Du loggar in med lösenord och en kod som skickas till din e-post. Lägg till en nyckel eller en autentiseringsapp för en säkrare inloggning.';

export function MethodList({ methods, onRemove, now }: MethodListProps) {
  if (methods.length === 0) {
    return (
      <EmptyState
        headingLevel={3}
        icon={<KeyIcon className="size-6" />}
        title={NO_METHODS}
        description={NO_METHODS_TEXT}
        className="border border-dashed border-border bg-surface"
      />
    );
  }
  return (
    <ul className="flex flex-col gap-3" aria-label="Dina inloggningsmetoder">
      {methods.map((method) => (
        <li
          key={`${method.kind}-${method.id}`}
          className="flex flex-wrap items-center justify-between gap-3 rounded-card border border-border bg-surface p-4"
        >
          <div className="flex min-w-0 items-start gap-3">
            <span
              aria-hidden="true"
              className="grid size-10 shrink-0 place-items-center rounded-full bg-primary-soft text-primary-soft-fg"
            >
              <KeyIcon className="size-5" />
            </span>
            <div className="flex min-w-0 flex-col">
              <h3 className="font-semibold break-words">{method.name}</h3>
              <p className="text-sm text-fg-muted">{methodKindLabels[method.kind]}</p>
              <p className="text-sm text-fg-muted">
                Tillagd {formatDate(method.createdAt)} ·{' '}
                {method.lastUsedAt
                  ? `senast använd ${formatRelative(method.lastUsedAt, now)}`
                  : 'inte använd ännu'}
              </p>
            </div>
          </div>
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Ta bort ${methodTitle(method.kind, method.name)}`}
            onClick={() => onRemove(method)}
          >
            Ta bort
          </Button>
        </li>
      ))}
    </ul>
  );
}
