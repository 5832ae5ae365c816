// The clinic's two sign-in settings (design §4.17) on /staff, beside 'Åtkomst endast via
// vårdteam': 'Personal måste använda nyckel eller autentiseringsapp' and 'Klienter får logga in
// med e-postkod'. Each change asks first, saying what it does; the server logs it.
import {
  signInSettingLabels,
  useSignInSettings,
  useUpdateSignInSettings,
  type SignInSettings as Settings,
} from '@halsa/api';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog';
import { Alert } from '../../../primitives/alert/alert';
import { Checkbox } from '../../../primitives/checkbox/checkbox';
import { Spinner } from '../../../primitives/spinner/spinner';

export const SIGN_IN_SETTINGS_FAILED = 'Kunde inte spara inställningen';

type Key = keyof Settings;

export const signInSettingHints: Record<Key, string> = {
  staffStrongSignIn:
    'När den är på loggar personal och administratörer in med nyckel eller autentiseringsapp. Den som saknar en leds till att lägga till en och kan inte läsa klientuppgifter innan dess.',
  clientEmailCode:
    'När den är på får klienter logga in med en kod via e-post. När den är av behöver de en nyckel eller en autentiseringsapp.',
};

/** The question before a change: title, what follows, button. */
const questions: Record<Key, Record<'on' | 'off', [string, string, string]>> = {
  staffStrongSignIn: {
    on: [
      'Kräv nyckel eller autentiseringsapp av personal?',
      'Personal som saknar nyckel eller autentiseringsapp kan inte läsa klientuppgifter förrän de har lagt till en. Ändringen loggas.',
      'Slå på',
    ],
    off: [
      'Sluta kräva nyckel eller autentiseringsapp av personal?',
      'Personal kan då logga in med bara lösenord och en kod via e-post. Ändringen loggas.',
      'Stäng av',
    ],
  },
  clientEmailCode: {
    on: [
      'Låt klienter logga in med e-postkod?',
      'Klienter kan då logga in med lösenord och en kod via e-post. Ändringen loggas.',
      'Slå på',
    ],
    off: [
      'Stäng av inloggning med e-postkod för klienter?',
      'Klienter som saknar nyckel och autentiseringsapp kan då inte logga in. Ändringen loggas.',
      'Stäng av',
    ],
  },
};

const savedText = (key: Key, value: boolean) =>
  `${signInSettingLabels[key]}: ${value ? 'på' : 'av'}.`;

export function SignInSettings() {
  const { settings, error } = useSignInSettings();
  const update = useUpdateSignInSettings();
  const [asking, setAsking] = useState<{ key: Key; value: boolean } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const question = asking ? questions[asking.key][asking.value ? 'on' : 'off'] : null;

  return (
    <section
      aria-labelledby="sign-in-settings-heading"
      className="flex flex-col gap-3 rounded-card border border-border bg-surface p-4"
    >
      <h2 id="sign-in-settings-heading" className="text-lg font-semibold">
        Inloggning
      </h2>
      {error ? (
        <Alert variant="error">{error.message}</Alert>
      ) : !settings ? (
        <Spinner label="Hämtar inloggningsinställningarna…" />
      ) : (
        (['staffStrongSignIn', 'clientEmailCode'] as const).map((key) => (
          <Checkbox
            key={key}
            label={signInSettingLabels[key]}
            hint={signInSettingHints[key]}
            checked={settings[key]}
            disabled={update.isMutating}
            onChange={(event) => {
              setSaved(null);
              setAsking({ key, value: event.target.checked });
            }}
          />
        ))
      )}
      <p role="status" className="text-sm text-fg-muted empty:hidden">
        {saved}
      </p>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) setAsking(null);
        }}
        title={question?.[0] ?? ''}
        description={question?.[1] ?? ''}
        confirmLabel={question?.[2] ?? ''}
        busyLabel="Sparar…"
        variant={asking && !asking.value ? 'danger' : 'primary'}
        fallback={SIGN_IN_SETTINGS_FAILED}
        onConfirm={async () => {
          if (!asking || !settings) return;
          await update.trigger({ ...settings, [asking.key]: asking.value });
          setSaved(savedText(asking.key, asking.value));
        }}
      />
    </section>
  );
}
