// 'Nödåtkomst' (design §4.14): a STAFF member outside the client's care team gives a reason
// (and a comment with 'Annat'); the client opens to her for 4 hours and the access is logged
// and followed up by an administrator. The server's message shows in the dialog on failure.
import {
  EMERGENCY_ACCESS_HOURS,
  EMERGENCY_REASONS,
  emergencyAccessRequestSchema,
  emergencyReasonLabels,
  useOpenEmergencyAccess,
  type EmergencyAccess,
  type EmergencyReason,
} from '@halsa/api';
import { useId, useState, type FormEvent } from 'react';
import { messageOr } from '../../../lib/server-message';
import { Alert } from '../../../primitives/alert/alert';
import { Button } from '../../../primitives/button/button';
import { describedBy, FieldError } from '../../../primitives/form-field/form-field';
import { Modal, ModalClose } from '../../../primitives/modal/modal';

export const EMERGENCY_ACCESS_FAILED = 'Kunde inte öppna nödåtkomst';
export const EMERGENCY_ACCESS_NOTICE = `Åtkomsten gäller i ${EMERGENCY_ACCESS_HOURS} timmar och loggas. En administratör följer upp varje nödåtkomst.`;
/** Design §4.20: the client sees the reason's label, never the comment. */
export const CLIENT_SEES_REASON =
  'Klienten ser att du har läst hennes uppgifter och skälet du väljer under ”Vem har läst mina uppgifter”. Kommentaren ser bara administratörer.';

export interface EmergencyAccessDialogProps {
  clientId: number;
  /** The client's name when known (from the lookup); the 403 page does not know it. */
  clientName?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the server opened the access (the caller navigates or just lets the page reload). */
  onOpened?: (access: EmergencyAccess) => void;
}

export function EmergencyAccessDialog({
  clientId,
  clientName,
  open,
  onOpenChange,
  onOpened,
}: EmergencyAccessDialogProps) {
  const formId = useId();
  const reasonErrorId = useId();
  const commentId = useId();
  const commentHintId = useId();
  const commentErrorId = useId();
  const [reason, setReason] = useState<EmergencyReason | ''>('');
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; comment?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const { trigger, isMutating } = useOpenEmergencyAccess();

  const reset = () => {
    setReason('');
    setComment('');
    setErrors({});
    setServerError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The contract's rule and messages, as the server checks them: a reason, a comment with
    // 'Annat', no longer than EMERGENCY_COMMENT_MAX.
    const parsed = emergencyAccessRequestSchema.safeParse({
      reason: reason || undefined,
      comment: comment.trim() || undefined,
    });
    const found: { reason?: string; comment?: string } = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0];
      if ((field === 'reason' || field === 'comment') && !found[field])
        found[field] = issue.message;
    }
    setErrors(found);
    setServerError(null);
    if (!parsed.success) return;
    try {
      const access = await trigger({ clientId, ...parsed.data });
      reset();
      onOpenChange(false);
      onOpened?.(access);
    } catch (e) {
      setServerError(messageOr(e, EMERGENCY_ACCESS_FAILED));
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={clientName ? `Nödåtkomst till ${clientName}` : 'Nödåtkomst'}
      description={
        clientName
          ? `Du är inte med i vårdteamet för ${clientName}.`
          : 'Du är inte med i klientens vårdteam.'
      }
      footer={
        <>
          <ModalClose asChild>
            <Button variant="secondary">Avbryt</Button>
          </ModalClose>
          <Button type="submit" form={formId} loading={isMutating} loadingLabel="Öppnar…">
            Öppna nödåtkomst
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <fieldset
          className="flex flex-col gap-1"
          aria-describedby={errors.reason ? reasonErrorId : undefined}
        >
          <legend className="mb-1.5 font-semibold">Skäl till nödåtkomsten</legend>
          {EMERGENCY_REASONS.map((value) => (
            <label key={value} className="flex min-h-target items-center gap-2">
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-5 accent-primary"
              />
              <span>{emergencyReasonLabels[value]}</span>
            </label>
          ))}
          <FieldError id={reasonErrorId}>{errors.reason}</FieldError>
        </fieldset>
        <div className="flex flex-col" data-invalid={errors.comment ? '' : undefined}>
          <label htmlFor={commentId} className="mb-1.5 font-medium text-fg">
            Kommentar
          </label>
          <p id={commentHintId} className="mb-1.5 text-sm text-fg-muted">
            Krävs när du väljer Annat.
          </p>
          <textarea
            id={commentId}
            rows={3}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={describedBy(commentHintId, errors.comment && commentErrorId)}
            className="block w-full min-w-0 rounded-control border border-border-strong bg-surface px-3 py-2 text-base text-fg aria-invalid:border-danger"
          />
          <FieldError id={commentErrorId}>{errors.comment}</FieldError>
        </div>
        <p className="text-sm text-fg-muted">{EMERGENCY_ACCESS_NOTICE}</p>
        <p className="text-sm text-fg-muted">{CLIENT_SEES_REASON}</p>
        {serverError ? <Alert variant="error">{serverError}</Alert> : null}
      </form>
    </Modal>
  );
}
