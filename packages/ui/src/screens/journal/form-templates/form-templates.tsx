// /journal/templates (spec §2.4; issue 12): the journal forms, for ADMIN and STAFF. Paged and
// searched on the server (design §4.13). A draft carries 'Utkast'. 'Nytt formulär' creates a
// draft and opens it in the editor; each form can be duplicated (the copy opens). An ADMIN may
// also publish a draft and delete a form after a confirm dialog (the server refuses STAFF, spec
// §6; issue 22), so STAFF is not offered those buttons and is told why.
import {
  formPurposeLabels,
  isApiError,
  useCreateForm,
  useDeleteForm,
  useDuplicateForm,
  useFormSummaryPage,
  usePublishForm,
  useSession,
  type FormPurpose,
  type FormSummary,
} from '@halsa/api';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { to } from '../../../config/links';
import { Alert } from '../../../primitives/alert/alert';
import { Badge } from '../../../primitives/badge/badge';
import { Button } from '../../../primitives/button/button';
import { EmptyState } from '../../../primitives/empty-state/empty-state';
import { Spinner } from '../../../primitives/spinner/spinner';
import { TextField } from '../../../primitives/text-field/text-field';
import { useToast } from '../../../primitives/toast/toast';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { LoadError } from '../../../components/load-error/load-error';
import { useDebounced } from '../../../lib/use-debounced';
import { Page } from '../../../components/page/page';

export const FORM_PAGE_SIZE = 20;
export const SEARCH_DELAY_MS = 250;
export const FETCH_FAILED = 'Misslyckades att hämta formulär';
export const CREATE_FAILED = 'Misslyckades att skapa nytt formulär';
export const DUPLICATE_FAILED = 'Misslyckades att duplicera formulär';
export const DELETE_FAILED = 'Misslyckades att ta bort formulär';
export const PUBLISH_FAILED = 'Misslyckades att publicera formulär';
export const UNTITLED = 'Namnlöst formulär';
export const ADMIN_ONLY_ACTIONS = 'Endast administratörer kan publicera och ta bort formulär.';

type Pending = { kind: 'delete' | 'publish'; form: FormSummary } | null;

export function FormTemplatesScreen() {
  const navigate = useNavigate();
  const toast = useToast();
  const { user } = useSession();
  // Until the session is known nothing is offered that the server might refuse.
  const isAdmin = user?.role === 'ADMIN';
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const [paging, setPaging] = useState({ q, page: 1 });
  const page = paging.q === q ? paging.page : 1;
  const {
    page: result,
    error,
    isLoading,
    isValidating,
    mutate,
  } = useFormSummaryPage({
    page,
    size: FORM_PAGE_SIZE,
    ...(q ? { q } : {}),
  });
  const create = useCreateForm();
  const duplicate = useDuplicateForm();
  const remove = useDeleteForm();
  const publish = usePublishForm();
  const [actionError, setActionError] = useState<string | null>(null);
  const [duplicating, setDuplicating] = useState<number | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  const pages = result ? Math.max(1, Math.ceil(result.total / result.size)) : 1;
  const first = result && result.total > 0 ? (result.page - 1) * result.size + 1 : 0;
  const last = result ? Math.min(result.total, result.page * result.size) : 0;
  const titleOf = (f: FormSummary) => f.title.trim() || UNTITLED;
  const createForm = async (purpose?: FormPurpose) => {
    setActionError(null);
    try {
      const form = await create.trigger(purpose);
      void navigate(to.journalTemplate(form.id));
    } catch (e) {
      setActionError(isApiError(e) ? e.message : CREATE_FAILED);
    }
  };

  const duplicateForm = async (form: FormSummary) => {
    setActionError(null);
    setDuplicating(form.id);
    try {
      const copy = await duplicate.trigger(form.id);
      void navigate(to.journalTemplate(copy.id));
    } catch (e) {
      setActionError(isApiError(e) ? e.message : DUPLICATE_FAILED);
      setDuplicating(null);
    }
  };

  return (
    <Page
      page="formTemplates"
      gap="gap-4"
      actions={
        <div className="flex flex-wrap gap-2">
          {/* The purpose is chosen here, once (design §4.19): a journal form or a questionnaire. */}
          <Button
            type="button"
            variant="secondary"
            disabled={create.isMutating}
            onClick={() => void createForm('QUESTIONNAIRE')}
          >
            Ny enkät till klient
          </Button>
          <Button
            type="button"
            loading={create.isMutating}
            loadingLabel="Skapar…"
            onClick={() => void createForm()}
          >
            Nytt formulär
          </Button>
        </div>
      }
    >
      {user && !isAdmin ? <p className="text-sm text-fg-muted">{ADMIN_ONLY_ACTIONS}</p> : null}
      {actionError ? (
        <Alert variant="error" onDismiss={() => setActionError(null)}>
          {actionError}
        </Alert>
      ) : null}

      <TextField
        label="Sök formulär"
        type="search"
        autoComplete="off"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        className="sm:max-w-sm"
      />

      {error ? (
        <LoadError title={FETCH_FAILED} onRetry={() => void mutate()}>
          {error.message !== FETCH_FAILED ? error.message : null}
        </LoadError>
      ) : isLoading && !result ? (
        <Spinner label="Hämtar formulär…" />
      ) : result && result.items.length === 0 ? (
        q ? (
          <EmptyState
            title="Inga formulär hittades."
            description={`Inget formulär matchar ”${q}”.`}
          />
        ) : (
          <EmptyState
            title="Inga formulär ännu."
            description="Skapa det första med knappen Nytt formulär."
          />
        )
      ) : result ? (
        <>
          <p className="text-sm text-fg-muted" role="status">
            {isValidating ? 'Hämtar…' : `Visar ${first}–${last} av ${result.total} formulär`}
          </p>
          <ul className="flex flex-col divide-y divide-border rounded-card border border-border bg-surface">
            {result.items.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
                <div className="flex min-w-0 flex-1 basis-56 items-center gap-2">
                  <Link
                    to={to.journalTemplate(f.id)}
                    className="min-w-0 font-medium break-words text-primary underline-offset-4 hover:underline"
                  >
                    {titleOf(f)}
                  </Link>
                  {f.drafted ? <Badge variant="warning">Utkast</Badge> : null}
                  {f.purpose === 'QUESTIONNAIRE' ? (
                    <Badge>{formPurposeLabels.QUESTIONNAIRE}</Badge>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    type="button"
                    variant="secondary"
                    size="sm"
                    loading={duplicating === f.id}
                    loadingLabel="Duplicerar…"
                    onClick={() => void duplicateForm(f)}
                  >
                    Duplicera<span className="sr-only"> {titleOf(f)}</span>
                  </Button>
                  {isAdmin && f.drafted ? (
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      onClick={() => setPending({ kind: 'publish', form: f })}
                    >
                      Publicera<span className="sr-only"> {titleOf(f)}</span>
                    </Button>
                  ) : null}
                  {isAdmin ? (
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      onClick={() => setPending({ kind: 'delete', form: f })}
                    >
                      Ta bort<span className="sr-only"> {titleOf(f)}</span>
                    </Button>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Sidor" className="flex items-center justify-between gap-3">
              <Button
                variant="secondary"
                onClick={() => setPaging({ q, page: page - 1 })}
                disabled={result.page <= 1}
              >
                Föregående
              </Button>
              <span className="text-sm">
                Sida {result.page} av {pages}
              </span>
              <Button
                variant="secondary"
                onClick={() => setPaging({ q, page: page + 1 })}
                disabled={result.page >= pages}
              >
                Nästa
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}

      <ConfirmDialog
        open={pending?.kind === 'delete'}
        onOpenChange={(open) => !open && setPending(null)}
        title="Ta bort formuläret?"
        description={
          pending ? `”${titleOf(pending.form)}” tas bort. Det går inte att ångra.` : undefined
        }
        confirmLabel="Ta bort"
        busyLabel="Tar bort…"
        variant="danger"
        fallback={DELETE_FAILED}
        onConfirm={async () => {
          if (!pending) return;
          await remove.trigger(pending.form.id);
          // The last form of a page went: show the page before it.
          if (result?.items.length === 1 && page > 1) setPaging({ q, page: page - 1 });
          toast.success(`”${titleOf(pending.form)}” togs bort.`);
        }}
      />
      <ConfirmDialog
        open={pending?.kind === 'publish'}
        onOpenChange={(open) => !open && setPending(null)}
        title="Publicera formuläret?"
        description="Ett publicerat formulär kan väljas för klienter men kan inte längre ändras. Vill du ändra det senare duplicerar du det."
        confirmLabel="Publicera"
        busyLabel="Publicerar…"
        fallback={PUBLISH_FAILED}
        onConfirm={async () => {
          if (!pending) return;
          await publish.trigger(pending.form.id);
          toast.success(`”${titleOf(pending.form)}” publicerades.`);
        }}
      />
    </Page>
  );
}
