import { useId, useState, type FormEvent } from 'react';
import type { SubscribeRequest, subscriberRoutes } from '@bb/contracts';
import { apiJson, serverMessage } from '../../shared/api/request';
import type { RoutePath } from '../../shared/api/routes';
import { wantToasts } from '../../shared/islands/store';
import { toast } from '../../shared/ui/toaster';
import { looksLikeEmail } from '../domain/email';

// On every public page's first load: the path is checked against the contract by type only (see RoutePath).
const SUBSCRIBE: RoutePath<typeof subscriberRoutes.subscribe> = '/api/email-subscribers';

/** E-mail newsletter sign-up (spec §5 and §8 texts). */
export function Newsletter() {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const inputId = useId();

  async function subscribe(event: FormEvent) {
    event.preventDefault();
    if (!looksLikeEmail(email)) {
      toast.error('Invalid email', 'Please enter a valid email address.');
      return;
    }
    setSending(true);
    try {
      const body: SubscribeRequest = { email: email.trim(), source: 'newsletter', offeringType: 'both', consentMarketing: true };
      await apiJson('POST', SUBSCRIBE, body);
      toast.success('Success!', "You've been subscribed to our newsletter.");
      setEmail('');
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
        />
        <button type="submit" className="lx-btn" disabled={sending}>
          Subscribe
        </button>
      </div>
    </form>
  );
}
