import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { profileSchema, type ProfileInput } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { api } from '../../../lib/api';
import { schemaResolver } from '../../../lib/form-resolver';
import { showServerErrors } from '../../../lib/server-form-errors';
import { parseUser, sessionActions } from '../../../lib/session-store';
import { useConfirmEmail, useProfile, useSaveProfile, type Profile } from '../api/preferences';

type ProfileValues = ProfileInput & { current_password: string };

/** The names in the sidebar and top bar come from the session user: read again after a change. */
async function refreshSessionUser(): Promise<void> {
  const user = parseUser(await api.get('/user'));
  if (user) sessionActions.signedIn(user);
}

type Message = { ok: boolean; text: string } | null;

function ProfileForm({
  profile,
  message,
  setMessage,
}: {
  profile: Profile;
  message: Message;
  setMessage: (message: Message) => void;
}) {
  const save = useSaveProfile();
  const { register, handleSubmit, formState, setError, getValues, resetField, control } = useForm<
    ProfileValues,
    unknown,
    ProfileInput
  >({
    defaultValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      email: profile.email,
      current_password: '',
    },
    resolver: schemaResolver(profileSchema, (values: ProfileValues) => values),
  });
  const email = useWatch({ control, name: 'email' });
  const emailChanges = email.trim().toLowerCase() !== profile.email.toLowerCase();
  const { errors } = formState;

  async function submit(input: ProfileInput): Promise<void> {
    try {
      const saved = await save.mutateAsync({ ...input, current_password: getValues('current_password') || undefined });
      resetField('current_password');
      await refreshSessionUser();
      setMessage({
        ok: true,
        text: saved.pending_email
          ? `Profile saved. Open the link sent to ${saved.pending_email} to use it as your e-mail.`
          : 'Profile saved.',
      });
    } catch (error) {
      const text = showServerErrors(error, setError, (name) =>
        ['first_name', 'last_name', 'email', 'current_password'].includes(name),
      );
      if (text) setMessage({ ok: false, text });
    }
  }

  return (
    <form
      className="card"
      aria-labelledby="profile-title"
      noValidate
      onSubmit={(e) => {
        // Before the form's own check too: a "Profile saved." must not stay above a field it refused.
        setMessage(null);
        void handleSubmit(submit)(e);
      }}
    >
      <h2 id="profile-title">Profile</h2>
      {message && (
        <p className={message.ok ? 'form-success' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <div className="form-grid">
        <FormField label="First name" error={errors.first_name?.message} {...register('first_name')} />
        <FormField label="Last name" error={errors.last_name?.message} {...register('last_name')} />
      </div>
      <FormField
        label="E-mail"
        type="email"
        hint={profile.pending_email ? `Waiting for confirmation: ${profile.pending_email}` : undefined}
        error={errors.email?.message}
        {...register('email')}
      />
      {emailChanges && (
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="A new e-mail needs your password; it is used once you open the link sent to it."
          error={errors.current_password?.message}
          {...register('current_password')}
        />
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save profile'}
        </button>
      </div>
    </form>
  );
}

/** /settings?tab=profile: his own names and e-mail; ?confirmEmail= (the e-mailed link) confirms a new address. */
export function ProfileTab() {
  const profile = useProfile();
  const confirm = useConfirmEmail();
  const [params, setParams] = useSearchParams();
  const code = params.get('confirmEmail');
  const tried = useRef(false);
  const [outcome, setOutcome] = useState<Message>(null);
  // Kept here, not in the form: a saved e-mail change gives the form a new key, and the form's own state would go.
  const [formMessage, setFormMessage] = useState<Message>(null);

  useEffect(() => {
    if (!code || tried.current) return;
    tried.current = true;
    confirm.mutate(code, {
      onSuccess: (saved) => {
        setOutcome({ ok: true, text: `Your e-mail is now ${saved.email}.` });
        void refreshSessionUser();
      },
      onError: (error) => setOutcome({ ok: false, text: error.message }),
      onSettled: () => {
        const next = new URLSearchParams(params);
        next.delete('confirmEmail');
        setParams(next, { replace: true });
      },
    });
  }, [code, confirm, params, setParams]);

  return (
    <>
      {outcome && (
        <p className={outcome.ok ? 'form-success' : 'form-error'} role={outcome.ok ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
      {profile.isError && (
        <p className="form-error" role="alert">
          {profile.error.message}
        </p>
      )}
      {profile.data && (
        <ProfileForm
          key={`${profile.data.email}-${profile.data.pending_email}`}
          profile={profile.data}
          message={formMessage}
          setMessage={setFormMessage}
        />
      )}
    </>
  );
}
