import { useId, useState, type FormEvent } from 'react';
import type { SubscribeRequest, subscriberRoutes } from '@bb/contracts';
import { apiJson, serverMessage } from '../../shared/api/request';
import { useFieldErrors } from '../../shared/forms/useFieldErrors';
import type { RoutePath } from '../../shared/api/routes';
import { wantToasts } from '../../shared/islands/store';
import { toast } from '../../shared/ui/toaster';
import { looksLikeEmail } from '../domain/email';

// On every public page's first load: the path is checked against the contract by type only (see RoutePath).
const SUBSCRIBE: RoutePath<typeof subscriberRoutes.subscribe> = '/api/email-subscribers';

const INVALID_EMAIL = 'Please enter a valid email address.';
const checkEmail = ({ email }: { email: string }) => (looksLikeEmail(email) ? {} : { email: INVALID_EMAIL });

/** E-mail newsletter sign-up (spec §5 and §8 texts). */
export function Newsletter() {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const errorId = useId();
  // Under the field as well as in the toast, and gone as soon as the address is one.
  const { errors, validate, reset } = useFieldErrors({ email }, checkEmail);

  async function subscribe(event: FormEvent) {
    event.preventDefault();
    if (!validate()) {
      toast.error('Invalid email', INVALID_EMAIL);
      return;
    }
    setSending(true);
    try {
      const body: SubscribeRequest = { email: email.trim(), source: 'newsletter', offeringType: 'both', consentMarketing: true };
      await apiJson('POST', SUBSCRIBE, body);
      toast.success('Success!', "You've been subscribed to our newsletter.");
      setEmail('');
      reset();
    } catch (error) {
      toast.error('Error', serverMessage(error) ?? 'Failed to subscribe. Please try again.');
    } finally {
      setSending(false);
    }
  }

  // The answer comes as a toast: its live region is fetched while the visitor types.
  return (
    <form className="lx-newsletter" onSubmit={subscribe} onFocus={wantToasts} noValidate aria-label="Newsletter">
      <label htmlFor={inputId}>Subscribe to our newsletter</label>
      <p>Skincare tips, studio sessions and members-only offers. No spam.</p>
      <div className="lx-newsletter-row">
        <input
          id={inputId}
          className="lx-input"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? errorId : undefined}
        />
        <button type="submit" className="lx-btn" disabled={sending}>
          Subscribe
        </button>
      </div>
      {errors.email && (
        <p id={errorId} className="lx-field-error">
          {errors.email}
        </p>
      )}
    </form>
  );
}
